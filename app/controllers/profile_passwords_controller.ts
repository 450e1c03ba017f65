import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ChangePassword from '#actions/profile/change_password'
import RegisterPassword from '#actions/profile/register_password'
import { changePasswordValidator, registerPasswordValidator } from '#validators/profile'

export default class ProfilePasswordsController {
  /** PUT /users/me/password: other sessions are signed out */
  @inject()
  async update({ auth, request, response }: HttpContext, changePassword: ChangePassword) {
    const user = auth.getUserOrFail()
    const payload = await request.validateUsing(changePasswordValidator, {
      meta: { email: user.email },
    })
    await changePassword.handle({
      user,
      currentSession: auth.use('jwt').getSessionOrFail(),
      ...payload,
    })
    return response.noContent()
  }

  /** POST /users/me/register-password: only for accounts without a password */
  @inject()
  async store({ auth, request, response }: HttpContext, registerPassword: RegisterPassword) {
    const user = auth.getUserOrFail()
    const { password } = await request.validateUsing(registerPasswordValidator, {
      meta: { email: user.email },
    })
    await registerPassword.handle(user, password)
    return response.noContent()
  }
}
