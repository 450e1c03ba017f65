import type {
  OnboardingDocumentRejectedEvent,
  OnboardingSentEvent,
  OnboardingSubmittedEvent,
} from '#events/onboarding_events'
import { notify } from '#services/notifications/notifier'
import { contractActivity } from '#services/notifications/activity'
import Onboarding from '#models/onboarding'
import { phrase } from '#support/i18n'
import {
  ownRecipients,
  routeOf,
  sendDedicatedMail,
  WITHOUT_GENERIC_EMAIL,
} from '#services/notifications/event_notifications'

/**
 * Onboarding events (docs/decisions.md, Event notifications): the borrower
 * hears of a submission, the provider of a rejected document, and the
 * provider's owner receives the H16/H17 e-mail.
 */
export default class NotifyOnboardingEvent {
  /** A5: the borrower's owners and admins review the submission */
  async submitted({ onboardingId, recipients, contract, provider, trx }: OnboardingSubmittedEvent) {
    await notify(
      'document_uploaded',
      ownRecipients(recipients),
      {
        title: phrase('notice.onboarding.submitted.title'),
        message: phrase('notice.onboarding.submitted.message', {
          provider: provider.name,
          contract: contract.name,
        }),
        scope: 'contract',
        activity: {
          ...contractActivity(contract, 'notice.action.review_onboarding'),
          metadata: { kind: 'onboarding_submitted', onboardingId, providerId: provider.id },
        },
      },
      { trx }
    )
  }

  /** The provider resends the rejected document through the onboarding link */
  async documentRejected(event: OnboardingDocumentRejectedEvent) {
    const { onboardingId, recipient, contract, document, reason, url, trx } = event
    await notify(
      'document_rejected',
      ownRecipients([recipient]),
      {
        title: phrase('notice.onboarding.document_rejected.title'),
        message: phrase('notice.onboarding.document_rejected.message', {
          document: document.name,
          contract: contract.name,
          reason,
        }),
        scope: 'contract',
        priority: 'high',
        activity: {
          entityType: 'document',
          entityId: document.id,
          entityName: document.name,
          actionLabel: 'notice.action.resend_document',
          actionRoute: routeOf(url),
          metadata: { kind: 'onboarding_document_rejected', onboardingId, contractId: contract.id },
        },
      },
      { trx }
    )
  }

  /**
   * H16/H17 (also the reminders): the dedicated e-mail with the unique
   * link, plus an in-app / messenger `action_required` (no generic e-mail:
   * it would duplicate the dedicated one); a repeated send is a `reminder`. The company context is the
   * provider company, or the borrower for a natural person (as in
   * `providerContact`).
   */
  async sent(event: OnboardingSentEvent) {
    const { onboardingId, recipient, contract, url, hasForm, hasDocuments, trx } = event
    const { pendingDocuments, reminder } = event
    await sendDedicatedMail(
      'onboarding/sent',
      {
        to: recipient,
        subject: phrase('mail.onboarding.subject', { contractName: contract.name }),
      },
      {
        name: recipient.name,
        contractName: contract.name,
        url,
        hasForm,
        hasDocuments,
        pendingDocuments,
      },
      trx
    )

    const onboarding = await Onboarding.findOrFail(onboardingId, { client: trx })
    await notify(
      reminder ? 'reminder' : 'action_required',
      [
        {
          userId: recipient.userId,
          companyId: onboarding.providerCompanyId ?? onboarding.borrowerCompanyId,
        },
      ],
      {
        title: phrase(
          reminder ? 'notice.onboarding.sent.reminder_title' : 'notice.onboarding.sent.title'
        ),
        message: phrase('notice.onboarding.sent.message', { contract: contract.name }),
        scope: 'action',
        activity: {
          entityType: 'contract',
          entityId: contract.id,
          entityName: contract.name,
          actionLabel: 'notice.action.fill_onboarding',
          actionRoute: routeOf(url),
          metadata: {
            kind: 'onboarding_sent',
            onboardingId,
            hasForm,
            hasDocuments,
            pendingDocuments: pendingDocuments.length,
          },
        },
      },
      { trx, channels: WITHOUT_GENERIC_EMAIL }
    )
  }
}
