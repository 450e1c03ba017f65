import type { ContractEventBase } from '#events/contract_events'
import { accountRecipients, contractMessage } from '#services/contract_notifications'
import { hasDedicatedEmail } from '#services/contract_emails'
import { contractActivity } from '#services/notification_activity'
import { notify } from '#services/notification_service'

/**
 * In-app (and messenger / generic e-mail) notification of every contract
 * event, in the event's transaction. Recipients without an account are
 * left to SendContractEmails. Events with a dedicated e-mail skip
 * notify()'s generic one.
 */
export default class NotifyContractEvent {
  async handle(event: ContractEventBase) {
    const message = contractMessage(event)
    if (!message) return
    await notify(
      message.type,
      accountRecipients(event.recipients),
      {
        title: message.title,
        message: message.message,
        scope: message.scope,
        priority: message.priority,
        activity: contractActivity(event.contract, message.actionLabel),
        actor: event.actor,
      },
      {
        trx: event.trx,
        channels: hasDedicatedEmail(event) ? ['platform', 'messenger'] : undefined,
      }
    )
  }
}
