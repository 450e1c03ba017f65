import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import { pendingSigners } from '#models/queries/due_reminders'
import { contractActivity } from '#services/notifications/activity'
import type { Reminder } from '#services/notifications/reminders'
import { phrase } from '#support/i18n'

type Trx = TransactionClientContract

/** How long a signer has been asked before the first reminder */
export const SIGNATURE_PENDING_DAYS = 3

/** Signers asked more than 3 days ago and still to sign */
export default class CollectSignatureReminders {
  async handle(now: DateTime, trx: Trx): Promise<Reminder[]> {
    const rows = await pendingSigners(now.minus({ days: SIGNATURE_PENDING_DAYS }), trx)
    return rows.map((row) => ({
      kind: 'signature',
      itemId: row.item_id,
      recipients: row.user_id ? [{ userId: row.user_id, companyId: row.company_id }] : [],
      emails: row.user_id ? [] : [{ email: row.email, name: row.name }],
      data: {
        title: phrase('notice.reminder.signature.title'),
        message: phrase('notice.reminder.signature.message', { contract: row.contract_name }),
        scope: 'action',
        priority: 'high',
        activity: {
          ...contractActivity(
            { id: row.contract_id, name: row.contract_name },
            'notice.action.sign'
          ),
          kind: 'signature_reminder',
        },
      },
    }))
  }
}
