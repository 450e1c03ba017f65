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
const RecordContractHistory = () => import('#listeners/record_contract_history')
const RecordContractWebhooks = () => import('#listeners/record_contract_webhooks')

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

/*
 * A contract's change: history, notifications (the events above) and
 * webhooks, in this order (emitted serially, in the change's transaction)
 */
emitter.on('contract:changed', [RecordContractHistory, 'handle'])
emitter.on('contract:changed', [NotifyContractEvent, 'changed'])
emitter.on('contract:changed', [RecordContractWebhooks, 'handle'])
/*
|--------------------------------------------------------------------------
| Area events -> notifications / e-mails (docs/decisions.md, Event notifications)
|--------------------------------------------------------------------------
*/
const NotifyOnboardingEvent = () => import('#listeners/notify_onboarding_event')
const NotifyComplianceEvent = () => import('#listeners/notify_compliance_event')
const NotifyHoursEvent = () => import('#listeners/notify_hours_event')
const SendTeamInvitation = () => import('#listeners/send_team_invitation')
const NotifyIntegrationRecords = () => import('#listeners/notify_integration_records')
const SendDataExportLink = () => import('#listeners/send_data_export_link')
const NotifyCompanyMembers = () => import('#listeners/notify_company_members')

emitter.on('onboarding:submitted', [NotifyOnboardingEvent, 'submitted'])
emitter.on('onboarding:document_rejected', [NotifyOnboardingEvent, 'documentRejected'])
emitter.on('onboarding:sent', [NotifyOnboardingEvent, 'sent'])
emitter.on('compliance:document_submitted', [NotifyComplianceEvent, 'documentSubmitted'])
emitter.on('compliance:document_approved', [NotifyComplianceEvent, 'documentApproved'])
emitter.on('compliance:document_rejected', [NotifyComplianceEvent, 'documentRejected'])
emitter.on('compliance:sent', [NotifyComplianceEvent, 'sent'])
emitter.on('hours:retroactive_request_created', [NotifyHoursEvent, 'created'])
emitter.on('hours:retroactive_request_approved', [NotifyHoursEvent, 'approved'])
emitter.on('hours:retroactive_request_declined', [NotifyHoursEvent, 'declined'])
emitter.on('team:member_invited', [SendTeamInvitation, 'handle'])
emitter.on('team:membership_requested', [SendTeamInvitation, 'membershipRequested'])
emitter.on('team:invitation_accepted', [SendTeamInvitation, 'accepted'])
emitter.on('integrations:records_without_contract', [NotifyIntegrationRecords, 'handle'])
emitter.on('profile:data_export_ready', [SendDataExportLink, 'handle'])
emitter.on('company:member_invited', [NotifyCompanyMembers, 'invited'])
emitter.on('company:member_role_changed', [NotifyCompanyMembers, 'roleChanged'])
