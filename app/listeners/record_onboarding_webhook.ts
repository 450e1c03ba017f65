import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Onboarding from '#models/onboarding'
import OnboardingDto from '#dtos/onboarding_dto'
import onboardingFiles from '#services/onboarding/file_storage'
import { recordWebhookEvent } from '#services/webhooks/events'

/**
 * onboarding.sent (the borrower sent it) and onboarding.submitted (the
 * provider sent it back, which the borrower receives): both to the
 * borrower company; `data` is the onboarding as GET
 * /contracts/:id/onboardings shows it (OnboardingDto, its files' links
 * signed with the usual TTL), read in the change's transaction.
 */
export default class RecordOnboardingWebhook {
  async handle(
    trx: TransactionClientContract,
    onboardingId: string,
    type: 'onboarding.sent' | 'onboarding.submitted'
  ) {
    const onboarding = await Onboarding.query({ client: trx })
      .where('id', onboardingId)
      .preload('providerCompany')
      .preload('providerUser')
      .preload('documents')
      .preload('formFields')
      .firstOrFail()
    const fileUrls = await onboardingFiles.urlsFor(onboarding.documents)
    await recordWebhookEvent(trx, {
      companyId: onboarding.borrowerCompanyId,
      type,
      data: OnboardingDto.fromModel(onboarding, fileUrls),
    })
  }
}
