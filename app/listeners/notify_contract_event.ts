import emitter from '@adonisjs/core/services/emitter'
import type { ContractChangedEvent, ContractEventBase } from '#events/contract_events'
import { accountRecipients, contractMessage } from '#services/contracts/notifications'
import { hasDedicatedEmail, sendContractEmails } from '#services/contracts/emails'
import { contractActivity } from '#services/notifications/activity'
import { notify } from '#services/notifications/notifier'

/**
 * Notification and e-mails of every contract event, in the event's
 * transaction: the in-app (and messenger / generic e-mail) notification,
 * then the dedicated e-mails (spec H9: review, publish, signature, rejected
 * document, completion) and the generic e-mail of recipients without an
 * account. Events with a dedicated e-mail skip notify()'s generic one.
 * One listener, run in sequence: a transaction's client runs one query at
 * a time.
 */
export default class NotifyContractEvent {
  /**
   * The notifications of a change (`contract:changed`): each notice goes
   * out as its own event, one after the other, and reaches `handle`.
   */
  async changed({ notices }: ContractChangedEvent) {
    for (const notice of notices) {
      await emitter.emitSerial(notice.name, notice.data as never)
    }
  }

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
    await sendContractEmails(event, message)
  }
}
