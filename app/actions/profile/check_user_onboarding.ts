import type User from '#models/user'

export interface OnboardingCheck {
  complete: boolean
  missing: string[]
}

/**
 * GET /user/onboarding/check: the user onboarding is complete when the
 * profile has a name, a phone, a CPF and a password.
 */
export default class CheckUserOnboarding {
  handle(user: User): OnboardingCheck {
    const missing: string[] = []
    if (!user.name?.trim()) missing.push('name')
    if (!user.phone) missing.push('phone')
    if (!user.cpf) missing.push('cpf')
    if (!user.password) missing.push('password')
    return { complete: missing.length === 0, missing }
  }
}
