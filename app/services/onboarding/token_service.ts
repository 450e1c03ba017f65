import { timingSafeEqual } from 'node:crypto'
import jwtService from '#services/auth/jwt_service'
import type Onboarding from '#models/onboarding'
import { appLink } from '#support/app_links'

export interface OnboardingTokenPayload {
  contractId: string
  providerId: string
  borrowerId: string
}

const isString = (value: unknown): value is string => typeof value === 'string' && value !== ''

/**
 * The onboarding link's JWT (audience `onboarding`, claim type
 * `onboarding`, `jti` = the onboarding's `tokenId`). Signed from the
 * onboarding's `tokenId`, `tokenIssuedAt` and `expiresAt`, so the same
 * onboarding always yields the same token until the borrower renews the
 * link, and only that token is current (`isCurrent`).
 */
export class OnboardingTokenService {
  sign(onboarding: Onboarding): Promise<string> {
    return jwtService.sign(
      {
        contractId: onboarding.contractId,
        providerId: onboarding.providerId,
        borrowerId: onboarding.borrowerCompanyId,
        type: 'onboarding',
        jti: onboarding.tokenId,
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

  /**
   * Whether `token` is the onboarding's current token: a renewal (new
   * `tokenId`) revokes every token issued before it, whatever its `exp`.
   */
  async isCurrent(token: string, onboarding: Onboarding): Promise<boolean> {
    const current = Buffer.from(await this.sign(onboarding))
    const presented = Buffer.from(token)
    return current.length === presented.length && timingSafeEqual(current, presented)
  }

  /** The link given to the provider: `{APP_URL}/public/onboarding/:token` */
  url(token: string): string {
    return appLink(`/public/onboarding/${token}`)
  }
}

const onboardingTokens = new OnboardingTokenService()
export default onboardingTokens
