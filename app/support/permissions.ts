import type { MemberRole } from '#support/roles'

/**
 * Named permissions returned by GET /users/me for the role of the user in
 * the `x-company-id` company. Clients use them to show or hide features;
 * the API enforces the same rules with abilities and policies.
 */
export const PERMISSIONS = [
  'contracts.view',
  'contracts.manage',
  'contracts.sign',
  'team.view',
  'team.manage',
  'compliance_flows.manage',
  'compliance.review',
  'hours.view',
  'notifications.send',
  'company.members.view',
  'company.members.manage',
  'company.settings.manage',
  'company.ownership.transfer',
  'provider.contracts.view',
  'provider.compliance.submit',
  'provider.hours.log',
] as const
export type Permission = (typeof PERMISSIONS)[number]

const BORROWER_READ: Permission[] = [
  'contracts.view',
  'team.view',
  'hours.view',
  'company.members.view',
]

const BORROWER_WORK: Permission[] = [
  ...BORROWER_READ,
  'contracts.manage',
  'contracts.sign',
  'team.manage',
  'compliance_flows.manage',
  'compliance.review',
  'notifications.send',
]

const COMPANY_ADMIN: Permission[] = [
  ...BORROWER_WORK,
  'company.members.manage',
  'company.settings.manage',
]

export const ROLE_PERMISSIONS: Record<MemberRole, readonly Permission[]> = {
  owner: [...COMPANY_ADMIN, 'company.ownership.transfer'],
  admin: COMPANY_ADMIN,
  borrower: BORROWER_WORK,
  user: BORROWER_READ,
  provider: ['provider.contracts.view', 'provider.compliance.submit', 'provider.hours.log'],
}

export function permissionsOf(role: MemberRole | null | undefined): Permission[] {
  return role ? [...ROLE_PERMISSIONS[role]] : []
}
