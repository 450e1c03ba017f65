import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import onboardingTokens from '#services/onboarding/token_service'
import { assertContractOpen, ensureOnboarding, renewOnboarding } from '#services/onboarding/records'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import { ONBOARDING_VALIDITY_DAYS } from '#support/onboarding'
import type { createOnboardingLinkValidator } from '#validators/onboarding'

interface Params extends Infer<typeof createOnboardingLinkValidator> {
  company: Company
  contractId: string
  providerId: string
}

/**
 * Rule A5: the borrower creates (or renews) the onboarding link of a
 * provider of its contract. The onboarding is created when missing, its
 * validity starts now, and the new token and full URL are returned; the
 * earlier tokens are revoked. A closed contract gets no link (422).
 */
export default class CreateOnboardingLink {
  async handle({ company, contractId, providerId, validityDays, message }: Params) {
    const onboarding = await db.transaction(async (trx) => {
      const contract = await Contract.findForOnboarding(company.id, contractId, trx)
      assertContractOpen(contract)
      const part = await ContractPart.findProviderOf(contract.id, providerId, trx)
      const record = await ensureOnboarding(contract, part, trx)
      renewOnboarding(record, validityDays ?? ONBOARDING_VALIDITY_DAYS.default)
      if (message !== undefined) record.message = message
      return record.useTransaction(trx).save()
    })
    const token = await onboardingTokens.sign(onboarding)
    return { url: onboardingTokens.url(token), token, expiresAt: onboarding.expiresAt }
  }
}
