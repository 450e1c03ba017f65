import Delivery, { type MailPayload } from '#models/delivery'
import Notification from '#models/notification'
import type { NotificationScope, NotificationType } from '#enums/notifications'

/** The in-app notifications of a type, oldest first */
export function notificationsOf(type: string) {
  return Notification.query().where('type', type).orderBy('created_at', 'asc')
}

/** The queued e-mails (outbox) to an address */
export async function mailsTo(email: string): Promise<MailPayload[]> {
  const deliveries = await Delivery.query().where('channel', 'email').orderBy('created_at', 'asc')
  return deliveries
    .map((delivery) => delivery.payload as MailPayload)
    .filter((payload) => payload.to === email)
}

/** Every queued e-mail (outbox) */
export async function allMails(): Promise<MailPayload[]> {
  const deliveries = await Delivery.query().where('channel', 'email')
  return deliveries.map((delivery) => delivery.payload as MailPayload)
}

/**
 * The spec's Events table (and "other notification types"): the scope each
 * type's notifications carry. The recipient tests check their rows against
 * it (`withTableScopes`), so each row of the table is proven by a test that
 * shows it reaching its recipient with its scope. Typed by the type list,
 * so a new notification type does not compile until it has its scope here.
 */
export const EVENTS_TABLE_SCOPES: Record<NotificationType, NotificationScope> = {
  contract_created: 'contract',
  contract_published: 'contract',
  contract_signed: 'contract',
  contract_completed: 'contract',
  contract_cancelled: 'contract',
  signatory_added: 'contract',
  signature_requested: 'action',
  signature_completed: 'contract',
  document_uploaded: 'contract',
  document_approved: 'contract',
  document_rejected: 'contract',
  review_requested: 'action',
  review_approved: 'contract',
  review_rejected: 'contract',
  comment_added: 'personal',
  user_invited: 'company',
  role_changed: 'role',
  login_alert: 'personal',
  system_alert: 'company',
  action_required: 'action',
  reminder: 'action',
  custom: 'personal',
  integration_records_without_contract: 'company',
}

/** The rows, after checking each carries its type's Events-table scope (throws naming the row) */
export function withTableScopes<Row extends Pick<Notification, 'type' | 'scope' | 'userId'>>(
  rows: Row[]
): Row[] {
  for (const row of rows) {
    const expected = EVENTS_TABLE_SCOPES[row.type as NotificationType]
    if (row.scope !== expected) {
      throw new Error(
        `${row.type} to ${row.userId} has scope ${row.scope}; the Events table says ${expected}`
      )
    }
  }
  return rows
}
