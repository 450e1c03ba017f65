import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import AcceptInvitation from '#actions/team/accept_invitation'
import UserDto from '#dtos/user_dto'
import { acceptInvitationValidator } from '#validators/team'

export default class InvitationsController {
  /** POST /auth/invitations/accept (public): the invitee accepts (and sets a password when required) */
  @inject()
  async accept({ request }: HttpContext, acceptInvitation: AcceptInvitation) {
    const { token, password } = await request.validateUsing(acceptInvitationValidator)
    const user = await acceptInvitation.handle(token, password)
    return { data: { user: UserDto.fromModel(user) } }
  }
}
