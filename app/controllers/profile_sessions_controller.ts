import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import RevokeSession from '#actions/profile/revoke_session'
import { profileResourceIdValidator } from '#validators/profile'

export default class ProfileSessionsController {
  /** DELETE /users/me/sessions/:id */
  @inject()
  async destroy({ auth, request, response }: HttpContext, revokeSession: RevokeSession) {
    const { params } = await request.validateUsing(profileResourceIdValidator)
    await revokeSession.handle(auth.getUserOrFail(), params.id)
    return response.noContent()
  }
}
