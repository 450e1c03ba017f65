import type { ContractEventBase } from '#events/contract_events'
import { contractMessage } from '#services/contract_notifications'
import { sendContractEmails } from '#services/contract_emails'

/**
 * The contract e-mails (spec H9 and status e-mails: review, publish,
 * signature, rejected document, completion), plus the generic e-mail to
 * recipients without an account; queued in the event's transaction.
 */
export default class SendContractEmails {
  async handle(event: ContractEventBase) {
    const message = contractMessage(event)
    if (message) await sendContractEmails(event, message)
  }
}
