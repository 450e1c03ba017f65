import type Company from '#models/company'
import type { OnboardingCheck } from '#actions/profile/check_user_onboarding'

/**
 * GET /company/onboarding/check: the company onboarding is complete when
 * the company has a name, a document (CNPJ), an e-mail and a phone.
 */
export default class CheckCompanyOnboarding {
  handle(company: Company): OnboardingCheck {
    const missing: string[] = []
    if (!company.name?.trim()) missing.push('name')
    if (!company.document) missing.push('document')
    if (!company.email) missing.push('email')
    if (!company.phone) missing.push('phone')
    return { complete: missing.length === 0, missing }
  }
}
