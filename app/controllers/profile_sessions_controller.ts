import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import RevokeSession from '#actions/profile/revoke_session'

export default class ProfileSessionsController {
  /** DELETE /users/me/sessions/:id */
  @inject()
  async destroy({ auth, response, params }: HttpContext, revokeSession: RevokeSession) {
    await revokeSession.handle(auth.getUserOrFail(), params.id)
    return response.noContent()
  }
}
