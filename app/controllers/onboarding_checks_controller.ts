import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CheckUserOnboarding from '#actions/profile/check_user_onboarding'
import CheckCompanyOnboarding from '#actions/profile/check_company_onboarding'

export default class OnboardingChecksController {
  /** GET /user/onboarding/check */
  @inject()
  async user({ auth }: HttpContext, check: CheckUserOnboarding) {
    return { data: check.handle(auth.getUserOrFail()) }
  }

  /** GET /company/onboarding/check (x-company-id) */
  @inject()
  async company({ company }: HttpContext, check: CheckCompanyOnboarding) {
    return { data: check.handle(company) }
  }
}
