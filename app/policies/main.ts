/*
|--------------------------------------------------------------------------
| Bouncer policies
|--------------------------------------------------------------------------
|
| One policy per resource, lazily imported. Policies hold record rules
| only (the author of a comment, a named reviewer); role rules live in the
| permission table (app/support/permissions.ts) and the role gate.
|
*/
export const policies = {
  ProviderCompliancePolicy: () => import('#policies/provider_compliance_policy'),
  ContractPolicy: () => import('#policies/contract_policy'),
}
