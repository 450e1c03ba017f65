import { randomUUID } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import type ContractPart from '#models/contract_part'
import Onboarding from '#models/onboarding'
import { UnprocessableException } from '#exceptions/http_exceptions'
import { CLOSED_STATUSES } from '#support/contract_rules'
import { ONBOARDING_MESSAGES, ONBOARDING_VALIDITY_DAYS } from '#support/onboarding'
import { nowLocal } from '#services/platform/clock'

type Trx = TransactionClientContract

/** No link is created or sent for a contract that is over (422) */
export function assertContractOpen(contract: Contract) {
  if (CLOSED_STATUSES.includes(contract.status)) {
    throw new UnprocessableException(ONBOARDING_MESSAGES.contractClosed)
  }
}

const days = (count: number) => nowLocal().startOf('second').plus({ days: count })

/** The onboarding of (contract, provider part), locked; created when missing */
export async function ensureOnboarding(contract: Contract, part: ContractPart, trx: Trx) {
  const existing = await Onboarding.forProvider(contract.id, part.providerId, trx)
    .forUpdate()
    .first()
  if (existing) return existing
  return Onboarding.create(
    {
      contractId: contract.id,
      borrowerCompanyId: contract.companyId,
      providerCompanyId: part.companyId,
      providerUserId: part.userId,
      status: 'pending',
      expiresAt: days(ONBOARDING_VALIDITY_DAYS.default),
      tokenIssuedAt: nowLocal().startOf('second'),
      tokenId: randomUUID(),
    },
    { client: trx }
  )
}

/**
 * Starts a new validity period (new token): used when the borrower
 * creates a link, and when a reminder finds the onboarding expired. The
 * new token id revokes every earlier token, even one signed in the same
 * second with the same expiry.
 */
export function renewOnboarding(onboarding: Onboarding, validityDays: number) {
  onboarding.expiresAt = days(validityDays)
  onboarding.tokenIssuedAt = nowLocal().startOf('second')
  onboarding.tokenId = randomUUID()
  if (onboarding.status === 'expired') onboarding.status = 'pending'
}

/** Keeps the current token while it is valid, renews it otherwise (H16/H17 reminders) */
export function keepOnboardingAlive(onboarding: Onboarding) {
  if (onboarding.isExpired) renewOnboarding(onboarding, ONBOARDING_VALIDITY_DAYS.default)
}
