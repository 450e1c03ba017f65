/*
|--------------------------------------------------------------------------
| Bouncer policies
|--------------------------------------------------------------------------
|
| One policy per resource, lazily imported. `node ace make:policy` adds
| entries here.
|
*/
export const policies = {
  CompanyPolicy: () => import('#policies/company_policy'),
  OnboardingPolicy: () => import('#policies/onboarding_policy'),
  ComplianceFlowPolicy: () => import('#policies/compliance_flow_policy'),
  ProviderCompliancePolicy: () => import('#policies/provider_compliance_policy'),
  NotificationPolicy: () => import('#policies/notification_policy'),
  ContractPolicy: () => import('#policies/contract_policy'),
  WorkflowPolicy: () => import('#policies/workflow_policy'),
  ContractTemplatePolicy: () => import('#policies/contract_template_policy'),
  TeamMemberPolicy: () => import('#policies/team_member_policy'),
  WorkEntryPolicy: () => import('#policies/work_entry_policy'),
  RetroactiveRequestPolicy: () => import('#policies/retroactive_request_policy'),
}
