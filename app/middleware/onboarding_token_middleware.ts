import { createHash } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import limiter from '@adonisjs/limiter/services/main'
import Onboarding from '#models/onboarding'
import onboardingTokens from '#services/onboarding/token_service'
import {
  GoneException,
  NotFoundException,
  UnauthorizedException,
} from '#exceptions/http_exceptions'
import { ONBOARDING_MESSAGES } from '#support/onboarding'

/** Public onboarding routes: 60 requests per minute per (token, IP) */
const throttle = () => limiter.use({ requests: 60, duration: '1 min' })

function bearerToken(header: string | undefined): string | null {
  const [scheme, token] = (header ?? '').split(' ')
  return scheme?.toLowerCase() === 'bearer' && token ? token : null
}

/**
 * Public onboarding routes (A1-A5): the token in the path and in
 * `Authorization: Bearer` must be the same valid onboarding JWT, and its
 * onboarding must exist (404), not be expired (401), still be issued under
 * that token (a renewed link revokes the old one: 401), and its contract
 * must not be over (cancelled, finished, archived: 410). Sets
 * `ctx.onboarding`.
 */
export default class OnboardingTokenMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const token = String(ctx.params.token ?? '')
    const tokenHash = createHash('sha256').update(token).digest('hex').slice(0, 32)
    await throttle().consume(`onboarding_${tokenHash}_${ctx.request.ip()}`)

    const invalid = () => new UnauthorizedException(ONBOARDING_MESSAGES.invalidToken)
    if (bearerToken(ctx.request.header('authorization')) !== token) throw invalid()
    const payload = await onboardingTokens.verify(token)
    if (!payload) throw invalid()

    const onboarding = await Onboarding.forProvider(payload.contractId, payload.providerId)
      .where('borrower_company_id', payload.borrowerId)
      .whereHas('contract', (contract) => contract.withScopes((scopes) => scopes.notDeleted()))
      .withScopes((scopes) => scopes.withContractStatus())
      .first()
    if (!onboarding) throw new NotFoundException(ONBOARDING_MESSAGES.notFound)
    if (onboarding.isExpired) throw invalid()
    if (!(await onboardingTokens.isCurrent(token, onboarding))) throw invalid()
    if (onboarding.contractClosed) throw new GoneException(ONBOARDING_MESSAGES.contractClosed)

    ctx.onboarding = onboarding
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    /** The onboarding of the request's token (public onboarding routes) */
    onboarding: Onboarding
  }
}
