import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Company from '#models/company'
import type User from '#models/user'
import Onboarding from '#models/onboarding'
import ContractHistory from '#models/contract_history'
import onboardingTokens from '#services/onboarding/token_service'
import UpsertOnboardingContent from '#actions/onboarding/upsert_onboarding_content'
import { contractOnboardingContent, hasOnboardingWork } from '#services/onboarding/contract_content'
import { providerContact } from '#services/onboarding/parties'
import { assertContractOpen, keepOnboardingAlive } from '#services/onboarding/records'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import { BadRequestException } from '#exceptions/http_exceptions'
import { CHANGEABLE_DOCUMENT_STATUSES, ONBOARDING_MESSAGES } from '#support/onboarding'
import type { OnboardingRecipient } from '#events/onboarding_events'
import Clock from '#services/platform/clock'
import RecordOnboardingWebhook from '#listeners/record_onboarding_webhook'

type Trx = TransactionClientContract

/** What one provider's onboarding e-mail needs, checked before anything is sent */
export interface OnboardingDispatch {
  onboarding: Onboarding
  recipient: OnboardingRecipient
}

interface Params {
  company: Company
  user: User
  contractId: string
  providerId: string
}

/**
 * H16: e-mails the provider's owner the onboarding link (form and/or
 * documents to upload). The token is reused while valid, so a repeated
 * call is a reminder. Records PROVIDER_ONBOARDING_SENT. A closed contract
 * sends nothing (422).
 */
@inject()
export default class SendProviderOnboarding {
  constructor(protected clock: Clock) {}

  async handle({ company, user, contractId, providerId }: Params) {
    await db.transaction(async (trx) => {
      const contract = await Contract.findForOnboarding(company.id, contractId, trx)
      assertContractOpen(contract)
      const part = await ContractPart.findProviderOf(contract.id, providerId, trx)
      await this.send(contract, await this.prepare(contract, part, trx), user, trx)
    })
  }

  /**
   * Feeds the onboarding from the contract (upload requirements, download
   * files, provider variables) through the seam, then checks it: 400 when
   * the provider has nothing to fill or no owner with an e-mail.
   */
  async prepare(contract: Contract, part: ContractPart, trx: Trx): Promise<OnboardingDispatch> {
    const content = await contractOnboardingContent(contract, part, trx)
    if (hasOnboardingWork(content) || content.downloadDocuments?.length) {
      await new UpsertOnboardingContent().handle(content, trx)
    }
    const onboarding = await Onboarding.forProvider(contract.id, part.providerId, trx)
      .preload('documents')
      .preload('formFields')
      .forUpdate()
      .first()
    if (!onboarding || (!onboarding.documents.length && !onboarding.formFields.length)) {
      throw new BadRequestException(ONBOARDING_MESSAGES.nothingToFill)
    }
    const recipient = await providerContact(onboarding, trx)
    if (!recipient) throw new BadRequestException(ONBOARDING_MESSAGES.noOwnerEmail)
    return { onboarding, recipient }
  }

  async send(
    contract: Contract,
    { onboarding, recipient }: OnboardingDispatch,
    actor: User,
    trx: Trx
  ) {
    keepOnboardingAlive(onboarding)
    const reminder = onboarding.lastSentAt !== null
    onboarding.lastSentAt = this.clock.local()
    await onboarding.useTransaction(trx).save()
    const url = onboardingTokens.url(await onboardingTokens.sign(onboarding))

    await emitter.emit('onboarding:sent', {
      onboardingId: onboarding.id,
      recipient: {
        userId: recipient.userId,
        email: recipient.email,
        name: recipient.name,
        locale: recipient.locale,
      },
      url,
      contract: { id: contract.id, name: contract.name },
      hasForm: onboarding.formFields.length > 0,
      hasDocuments: onboarding.documents.length > 0,
      pendingDocuments: onboarding.documents
        .filter((document) => CHANGEABLE_DOCUMENT_STATUSES.includes(document.status))
        .map((document) => ({ id: document.id, name: document.name })),
      reminder,
      trx,
    })
    await ContractHistory.create(
      {
        contractId: contract.id,
        type: 'PROVIDER_ONBOARDING_SENT',
        actorId: actor.id,
        payload: {
          onboardingId: onboarding.id,
          providerId: onboarding.providerId,
          email: recipient.email,
        },
      },
      { client: trx }
    )
    await new RecordOnboardingWebhook().handle(trx, onboarding.id, 'onboarding.sent')
  }
}
