import type { MemberRole } from '#enums/roles'

/**
 * The one permission table (DESIGN.md, Tenancy and roles): what each
 * membership role may do in the `x-company-id` company. GET /users/me
 * returns it for the caller's role, and the role gate
 * (`middleware.role()`) enforces it on every company-scoped route through
 * the gate the route declares (`.gate(...)` in start/routes/*), so the
 * list a client sees is the list the API applies.
 *
 * `*.review` and `contracts.sign` are "named" permissions: the role may
 * reach the route, and the action or policy then checks that the caller is
 * named on the record (validator of the step, reviewer of the contract,
 * signer of the group).
 */
export const PERMISSIONS = [
  'contracts.view',
  'contracts.manage',
  'contracts.review',
  'contracts.sign',
  'team.view',
  'team.manage',
  'compliance_flows.view',
  'compliance_flows.manage',
  'compliance.review',
  'hours.view',
  'hours.review',
  'notifications.send',
  'clients.view',
  'company.members.view',
  'company.members.manage',
  'company.settings.manage',
  'company.ownership.transfer',
  'provider.contracts.view',
  'provider.compliance.submit',
  'provider.hours.log',
] as const
export type Permission = (typeof PERMISSIONS)[number]

/** `user` reads the borrower side and acts only where it is named */
const BORROWER_READ: Permission[] = [
  'contracts.view',
  'contracts.review',
  'contracts.sign',
  'team.view',
  'compliance_flows.view',
  'compliance.review',
  'hours.view',
  'company.members.view',
]

/** Writes of the borrower side: owner, admin and borrower */
const BORROWER_WORK: Permission[] = [
  ...BORROWER_READ,
  'contracts.manage',
  'team.manage',
  'compliance_flows.manage',
  'hours.review',
  'notifications.send',
]

const COMPANY_ADMIN: Permission[] = [
  ...BORROWER_WORK,
  'clients.view',
  'company.members.manage',
  'company.settings.manage',
]

export const ROLE_PERMISSIONS: Record<MemberRole, readonly Permission[]> = {
  owner: [...COMPANY_ADMIN, 'company.ownership.transfer'],
  admin: COMPANY_ADMIN,
  borrower: BORROWER_WORK,
  user: BORROWER_READ,
  provider: [
    'contracts.sign',
    'clients.view',
    'provider.contracts.view',
    'provider.compliance.submit',
    'provider.hours.log',
  ],
}

export function permissionsOf(role: MemberRole | null | undefined): Permission[] {
  return role ? [...ROLE_PERMISSIONS[role]] : []
}

/**
 * What a company-scoped route needs: a permission, any one of several
 * (a route answered per role, e.g. H1 for the borrower side and B4 for a
 * provider), or MEMBER: any member of the company, where a record rule
 * decides (one's own notifications and preferences).
 */
export const MEMBER = 'member'
export type RouteGate = Permission | readonly Permission[] | typeof MEMBER

/**
 * What a company-scoped route declares where it is routed, with
 * `.gate(...)` (start/routes/*, app/support/route_gates.ts).
 */
export interface GateDeclaration {
  gate: RouteGate
  /** A person's session only: an API key is refused even with the permission */
  peopleOnly: boolean
  /**
   * Its action reads a provider member's identities
   * (CompanyMember.providerIdentities): the session statement reads them
   */
  providerIdentities?: boolean
}

/** Whether `role` passes `gate` (a missing gate never passes) */
export function allows(role: MemberRole, gate: RouteGate | undefined): boolean {
  if (gate === undefined) return false
  if (gate === MEMBER) return true
  const needed: readonly Permission[] = typeof gate === 'string' ? [gate] : gate
  return needed.some((permission) => ROLE_PERMISSIONS[role].includes(permission))
}

/**
 * What an API key may be granted: the borrower side's permissions an
 * admin holds (a key acts for its company, never as a provider elsewhere,
 * and never transfers ownership). Named permissions (`*.review`, `sign`)
 * are grantable but reach nothing: a key is never named on a record.
 */
export const API_KEY_PERMISSIONS: readonly Permission[] = ROLE_PERMISSIONS.admin

/**
 * Whether an API key may reach a route at all: only company-scoped
 * routes gated by a permission (never profile, password, session, inbox or
 * key-management routes, which declare no gate, a MEMBER gate or are
 * people-only).
 */
export function keyMayUse(declared: GateDeclaration | undefined): boolean {
  return declared !== undefined && declared.gate !== MEMBER && !declared.peopleOnly
}

/** Whether a key granted `permissions` passes `gate` */
export function keyAllows(permissions: readonly Permission[], gate: RouteGate | undefined) {
  if (gate === undefined || gate === MEMBER) return false
  const needed: readonly Permission[] = typeof gate === 'string' ? [gate] : gate
  return needed.some((permission) => permissions.includes(permission))
}
