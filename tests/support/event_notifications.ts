import Delivery, { type MailPayload } from '#models/delivery'
import Notification from '#models/notification'

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
