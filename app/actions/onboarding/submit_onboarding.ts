import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import ContractHistory from '#models/contract_history'
import { UnprocessableException } from '#exceptions/http_exceptions'
import { borrowerReviewers } from '#services/onboarding/parties'
import Onboarding from '#models/onboarding'
import { ONBOARDING_MESSAGES, SENT_DOCUMENT_STATUSES } from '#support/onboarding'
import Clock from '#services/platform/clock'
import RecordOnboardingWebhook from '#listeners/record_onboarding_webhook'

/**
 * A5: every required document `uploaded`/`validated` and every required
 * field filled (422 with the missing ids otherwise); the onboarding
 * becomes `submitted` and the borrower's owners/admins are notified.
 */
@inject()
export default class SubmitOnboarding {
  constructor(protected clock: Clock) {}

  async handle(onboarding: Onboarding) {
    await db.transaction(async (trx) => {
      const locked = await Onboarding.lockOpen(onboarding.id, trx)
      /** One query at a time: a transaction is a single connection */
      for (const relation of ['documents', 'formFields', 'contract'] as const) {
        await locked.load(relation)
      }
      await locked.load(locked.providerCompanyId ? 'providerCompany' : 'providerUser')

      const missingDocuments = locked.documents
        .filter(
          (document) => document.isRequired && !SENT_DOCUMENT_STATUSES.includes(document.status)
        )
        .map((document) => document.id)
      const missingFields = locked.formFields
        .filter((field) => field.required && !field.isFilled)
        .map((field) => field.id)
      if (missingDocuments.length || missingFields.length) {
        throw new UnprocessableException(ONBOARDING_MESSAGES.missingRequired, {
          details: { missingDocuments, missingFields },
        })
      }

      locked.merge({ status: 'submitted', submittedAt: this.clock.local() })
      await locked.useTransaction(trx).save()
      await this.#record(locked, trx)
    })
  }

  async #record(onboarding: Onboarding, trx: TransactionClientContract) {
    const provider = {
      id: onboarding.providerId,
      name: onboarding.providerCompany?.name ?? onboarding.providerUser.name,
    }
    await ContractHistory.create(
      {
        contractId: onboarding.contractId,
        type: 'PROVIDER_ONBOARDING_SUBMITTED',
        actorId: onboarding.providerUserId,
        payload: { onboardingId: onboarding.id, providerId: provider.id },
      },
      { client: trx }
    )
    await emitter.emit('onboarding:submitted', {
      onboardingId: onboarding.id,
      recipients: await borrowerReviewers(onboarding.borrowerCompanyId, trx),
      contract: { id: onboarding.contract.id, name: onboarding.contract.name },
      provider,
      trx,
    })
    await new RecordOnboardingWebhook().handle(trx, onboarding.id, 'onboarding.submitted')
  }
}
