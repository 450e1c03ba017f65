import { appUrl } from '#config/app'
import jwtService from '#services/jwt_service'
import type Onboarding from '#models/onboarding'

export interface OnboardingTokenPayload {
  contractId: string
  providerId: string
  borrowerId: string
}

const isString = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * The onboarding link's JWT (audience `onboarding`, claim type
 * `onboarding`). Signed from the onboarding's `tokenIssuedAt` and
 * `expiresAt`, so the same onboarding always yields the same token until
 * the borrower renews the link.
 */
export class OnboardingTokenService {
  sign(onboarding: Onboarding): Promise<string> {
    return jwtService.sign(
      {
        contractId: onboarding.contractId,
        providerId: onboarding.providerId,
        borrowerId: onboarding.borrowerCompanyId,
        type: 'onboarding',
      },
      'onboarding',
      onboarding.expiresAt.toJSDate(),
      onboarding.tokenIssuedAt.toJSDate()
    )
  }

  /** The payload of a valid onboarding token, or null (invalid, expired, other use) */
  async verify(token: string): Promise<OnboardingTokenPayload | null> {
    const payload = await jwtService.verify(token, 'onboarding')
    if (!payload || payload.type !== 'onboarding') return null
    const { contractId, providerId, borrowerId } = payload
    if (!isString(contractId) || !isString(providerId) || !isString(borrowerId)) return null
    return { contractId, providerId, borrowerId }
  }

  /** The link given to the provider: `{APP_URL}/public/onboarding/:token` */
  url(token: string): string {
    return `${appUrl.replace(/\/+$/, '')}/public/onboarding/${token}`
  }
}

const onboardingTokens = new OnboardingTokenService()
export default onboardingTokens
