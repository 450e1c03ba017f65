import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ConnectIdentityProvider from '#actions/profile/connect_identity_provider'
import UserIdentityDto from '#dtos/user_identity_dto'
import { connectProviderValidator } from '#validators/profile'

export default class ProfileIdentitiesController {
  /** POST /users/me/connect-provider: 201 when linked now, 200 when already linked */
  @inject()
  async store({ auth, request, response }: HttpContext, connect: ConnectIdentityProvider) {
    const payload = await request.validateUsing(connectProviderValidator)
    const { identity, created } = await connect.handle(auth.getUserOrFail(), payload)
    return response.status(created ? 201 : 200).json({ data: UserIdentityDto.fromModel(identity) })
  }
}
