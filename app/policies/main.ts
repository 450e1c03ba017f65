/*
|--------------------------------------------------------------------------
| Bouncer policies
|--------------------------------------------------------------------------
|
| One policy per resource, lazily imported. Policies hold record rules
| only (the author of a comment, a named reviewer, a signer, an owner who
| may change an owner); role rules live in the permission table
| (app/support/permissions.ts) and the role gate. A policy is called as
| `bouncer.with(Policy).authorize('action', record)` right after the
| scoped record is loaded: by the controller, or by the action (the
| request's bouncer passed in) when it loads the record in its transaction.
|
*/
export const policies = {
  ProviderCompliancePolicy: () => import('#policies/provider_compliance_policy'),
  ContractPolicy: () => import('#policies/contract_policy'),
  CompanyMemberPolicy: () => import('#policies/company_member_policy'),
  LiveNotificationPolicy: () => import('#policies/live_notification_policy'),
}
