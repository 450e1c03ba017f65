import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import RegisterUser from '#actions/auth/register_user'
import LoginUser from '#actions/auth/login_user'
import RefreshSession from '#actions/auth/refresh_session'
import LogoutSession from '#actions/auth/logout_session'
import UserDto from '#dtos/user_dto'
import CompanyDto from '#dtos/company_dto'
import { deviceInfoFrom } from '#services/auth/device_info'
import { loginValidator, refreshTokenValidator, registerValidator } from '#validators/auth'

export default class AuthController {
  @inject()
  async register({ request, response }: HttpContext, registerUser: RegisterUser) {
    const payload = await request.validateUsing(registerValidator)
    const { user, company } = await registerUser.handle(payload)
    return response.created({
      data: {
        user: UserDto.fromModel(user),
        /** A company just registered has no logo yet */
        company: company ? CompanyDto.fromModel(company, null) : null,
      },
    })
  }

  @inject()
  async login({ request }: HttpContext, loginUser: LoginUser) {
    const { email, password } = await request.validateUsing(loginValidator)
    const { user, ...tokens } = await loginUser.handle({
      email,
      password,
      device: deviceInfoFrom(request),
    })
    return { data: { ...tokens, user: UserDto.fromModel(user) } }
  }

  @inject()
  async refresh({ request }: HttpContext, refreshSession: RefreshSession) {
    const { refreshToken } = await request.validateUsing(refreshTokenValidator)
    const { user, ...tokens } = await refreshSession.handle(refreshToken)
    return { data: { ...tokens, user: UserDto.fromModel(user) } }
  }

  @inject()
  async logout({ auth, response }: HttpContext, logoutSession: LogoutSession) {
    await logoutSession.handle(auth.use('jwt').getSessionOrFail())
    return response.noContent()
  }
}
