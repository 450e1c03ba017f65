import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import RequestPasswordReset from '#actions/auth/request_password_reset'
import ResetPassword from '#actions/auth/reset_password'
import { forgotPasswordValidator, resetPasswordValidator } from '#validators/auth'

export default class PasswordResetsController {
  /** POST /auth/password/forgot: 202 whether or not the address has an account */
  @inject()
  async forgot({ request, response, i18n }: HttpContext, requestReset: RequestPasswordReset) {
    const { email } = await request.validateUsing(forgotPasswordValidator)
    await requestReset.handle(email)
    return response.accepted({
      message: i18n.t('messages.reset_link_sent'),
    })
  }

  /** POST /auth/password/reset: every session of the account is signed out */
  @inject()
  async reset({ request, response }: HttpContext, resetPassword: ResetPassword) {
    const { token, password } = await request.validateUsing(resetPasswordValidator)
    await resetPassword.handle(token, password)
    return response.noContent()
  }
}
