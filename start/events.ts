/*
|--------------------------------------------------------------------------
| Application events
|--------------------------------------------------------------------------
|
| Listeners of domain events. Areas register theirs here.
|
*/
import emitter from '@adonisjs/core/services/emitter'

const SendLoginAlert = () => import('#listeners/send_login_alert')
const RefreshNotificationActor = () => import('#listeners/refresh_notification_actor')
const NotifyContractEvent = () => import('#listeners/notify_contract_event')

/* Notifications */
emitter.on('auth:login', [SendLoginAlert, 'handle'])
emitter.on('user:profile_updated', [RefreshNotificationActor, 'handle'])

/* Contracts: in-app notifications and e-mails, in the event's transaction */
const CONTRACT_EVENTS = [
  'contract:created',
  'contract:published',
  'contract:signed',
  'contract:completed',
  'contract:cancelled',
  'contract:signatory_added',
  'contract:signature_requested',
  'contract:signature_completed',
  'contract:signature_rejected',
  'contract:document_uploaded',
  'contract:document_approved',
  'contract:document_rejected',
  'contract:review_requested',
  'contract:review_approved',
  'contract:review_rejected',
  'contract:comment_added',
] as const
for (const name of CONTRACT_EVENTS) {
  emitter.on(name, [NotifyContractEvent, 'handle'])
}
