/**
 * The resources the audit log records (the audited tables of migration
 * 1764500000001, by table name) and its actor kinds.
 */
export const AUDITED_RESOURCES = [
  'companies',
  'company_members',
  'user_invitations',
  'api_keys',
  'webhook_endpoints',
  'company_notification_settings',
  'contracts',
  'contract_uploaded_files',
  'contract_review_approvals',
  'contract_review_comments',
  'contract_signature_members',
  'workflows',
  'contract_templates',
  'work_entries',
  'retroactive_requests',
  'compliance_flows',
  'provider_compliance_flows',
  'step_compliances',
  'step_compliance_approvals',
  'onboardings',
] as const
export type AuditedResource = (typeof AUDITED_RESOURCES)[number]

export const AUDIT_ACTOR_TYPES = ['user', 'api_key'] as const
export const AUDIT_ACTIONS = ['create', 'update', 'delete'] as const
