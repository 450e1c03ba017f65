import type { MemberRole } from '#enums/roles'

/**
 * The one permission table (DESIGN.md, Tenancy and roles): what each
 * membership role may do in the `x-company-id` company. GET /users/me
 * returns it for the caller's role, and the role gate
 * (`middleware.role()`) enforces it on every company-scoped route through
 * ROUTE_GATES below, so the list a client sees is the list the API applies.
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
 * Every route that runs the company middleware, by route name. The role
 * gate denies a company-scoped route that is missing here (fail closed),
 * and tests/unit/route_gates.spec.ts fails when the router and this table
 * disagree.
 */
export const ROUTE_GATES: Record<string, RouteGate> = {
  // A: onboarding links and review (borrower side)
  'contracts.onboardings.index': 'contracts.view',
  'contracts.providers.onboarding_link': 'contracts.manage',
  'contracts.providers.onboarding.send': 'contracts.manage',
  'contracts.onboarding.start': 'contracts.manage',
  'onboardings.documents.review': 'contracts.manage',

  // B: provider area
  'provider.active_contract': 'provider.contracts.view',
  'provider.summary': 'provider.contracts.view',
  'hours.index': 'provider.hours.log',
  'hours.current': 'provider.hours.log',
  'hours.show': 'provider.hours.log',
  'contracts.provider.documents': 'provider.contracts.view',
  'contracts.provider.detail': 'provider.contracts.view',

  // C: the provider's own compliances
  'provider_compliances.index': 'provider.compliance.submit',
  'provider_compliances.current': 'provider.compliance.submit',
  'provider_compliances.show': 'provider.compliance.submit',
  'provider_compliances.documents.store': 'provider.compliance.submit',
  'provider_compliances.steps.submit': 'provider.compliance.submit',
  'provider_compliances.steps.grant': 'provider.compliance.submit',

  // D: compliance flows
  'compliance_flows.index': 'compliance_flows.view',
  'compliances.index': 'compliance_flows.view',
  'compliances.show': 'compliance_flows.view',
  'compliance_flows.show': 'compliance_flows.view',
  'compliance_flows.providers.available': 'compliance_flows.view',
  'compliance_flows.providers.index': 'compliance_flows.view',
  'compliance_flows.store': 'compliance_flows.manage',
  'compliance_flows.update': 'compliance_flows.manage',
  'compliance_flows.destroy': 'compliance_flows.manage',
  'compliance_flows.providers.attach': 'compliance_flows.manage',
  'compliance_flows.providers.detach': 'compliance_flows.manage',
  'providers.compliance_flows.store': 'compliance_flows.manage',

  // E: team, its compliances (E8: named validators) and the provider-side mirror
  'team.index': 'team.view',
  'team.show': 'team.view',
  'team.store': 'team.manage',
  'team.update': 'team.manage',
  'team.destroy': 'team.manage',
  'team.active': 'team.manage',
  'team.compliance_flows.index': 'compliance_flows.view',
  'team.compliance_flows.store': 'compliance_flows.manage',
  'team.compliance_flows.attach': 'compliance_flows.manage',
  'team.compliance_flows.update': 'compliance_flows.manage',
  'team.compliance_flows.destroy': 'compliance_flows.manage',
  'team.compliance_flows.compliances.index': 'compliance_flows.view',
  'team.compliance_flows.compliances.review': 'compliance.review',
  'clients.index': 'clients.view',

  // F, G: providers list and hours monitoring
  'providers.index': 'team.view',
  'monitoring.entries.show': ['hours.view', 'provider.hours.log'],
  'monitoring.entries.store': 'provider.hours.log',
  'monitoring.entries.update': 'provider.hours.log',
  'monitoring.entries.destroy': 'provider.hours.log',
  'monitoring.retroactive.index': ['hours.view', 'provider.hours.log'],
  'monitoring.retroactive.store': 'provider.hours.log',
  'monitoring.retroactive.approve': 'hours.review',
  'monitoring.retroactive.decline': 'hours.review',
  'monitoring.provider.entries': ['hours.view', 'provider.hours.log'],
  'monitoring.provider.summary': ['hours.view', 'provider.hours.log'],

  // H: contracts (reviews by named reviewers, signatures by named signers)
  'contracts.index': ['contracts.view', 'provider.contracts.view'],
  'contracts.board': 'contracts.view',
  'contracts.show': 'contracts.view',
  'contracts.detail': 'contracts.view',
  'contracts.uploads': 'contracts.view',
  'contracts.store': 'contracts.manage',
  'contracts.update': 'contracts.manage',
  'contracts.destroy': 'contracts.manage',
  'contracts.status': 'contracts.manage',
  'contracts.steps.complete': 'contracts.manage',
  'contracts.cancel': 'contracts.manage',
  'contracts.files.store': 'contracts.manage',
  'contracts.files.destroy': 'contracts.manage',
  'contracts.documents.review': 'contracts.manage',
  'contracts.review': 'contracts.view',
  'contracts.review.comments': 'contracts.view',
  'contracts.review.reminders': 'contracts.manage',
  'contracts.review.comment': 'contracts.review',
  'contracts.review.comments.update': 'contracts.review',
  'contracts.review.approve': 'contracts.review',
  'contracts.review.reject': 'contracts.review',
  'contracts.review.request_changes': 'contracts.review',
  'contracts.signatures': ['contracts.view', 'contracts.sign'],
  'contracts.signatures.sign': 'contracts.sign',
  'contracts.signatures.reject': 'contracts.sign',
  'contracts.signatures.configure': 'contracts.manage',
  'contracts.signatures.start': 'contracts.manage',
  'contracts.signatures.reminders': 'contracts.manage',

  // Workflows and templates configure contracts
  'workflows.index': 'contracts.view',
  'workflows.show': 'contracts.view',
  'workflows.store': 'contracts.manage',
  'workflows.update': 'contracts.manage',
  'workflows.destroy': 'contracts.manage',
  'templates.index': 'contracts.view',
  'templates.show': 'contracts.view',
  'templates.store': 'contracts.manage',
  'templates.update': 'contracts.manage',
  'templates.destroy': 'contracts.manage',

  // I: notifications (one's own inbox and preferences), I5 and I8/I9
  'notifications.index': MEMBER,
  'notifications.unread_count': MEMBER,
  'notifications.read_all': MEMBER,
  'notifications.read': MEMBER,
  'notifications.preferences.show': MEMBER,
  'notifications.preferences.update': MEMBER,
  'notifications.custom': 'notifications.send',
  'company.notification_settings.show': 'company.settings.manage',
  'company.notification_settings.update': 'company.settings.manage',

  // Company and profile
  'company.members.index': 'company.members.view',
  'company.update': 'company.settings.manage',
  'company.logo.store': 'company.settings.manage',
  'company.logo.destroy': 'company.settings.manage',
  'company.members.store': 'company.members.manage',
  'company.members.update': 'company.members.manage',
  'company.members.destroy': 'company.members.manage',

  // Webhooks (#16): owner and admin, like the company's other settings
  'webhooks.events': 'company.settings.manage',
  'webhooks.index': 'company.settings.manage',
  'webhooks.store': 'company.settings.manage',
  'webhooks.show': 'company.settings.manage',
  'webhooks.update': 'company.settings.manage',
  'webhooks.destroy': 'company.settings.manage',
  'webhooks.rotate_secret': 'company.settings.manage',
  'webhooks.test': 'company.settings.manage',
  'webhooks.deliveries': 'company.settings.manage',
  'webhooks.redeliver': 'company.settings.manage',
  'company.onboarding.check': MEMBER,
  'users.me.show': MEMBER,

  // Integrators: API keys (people only, below) and the audit log, like the other settings
  'api_keys.index': 'company.settings.manage',
  'api_keys.store': 'company.settings.manage',
  'api_keys.rotate': 'company.settings.manage',
  'api_keys.destroy': 'company.settings.manage',
  'audit_log.index': 'company.settings.manage',
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

/** Routes a key never reaches whatever it was granted: managing keys */
const PEOPLE_ONLY_ROUTES = new Set([
  'api_keys.index',
  'api_keys.store',
  'api_keys.rotate',
  'api_keys.destroy',
])

/**
 * Whether an API key may reach a route at all: only company-scoped
 * routes gated by a permission (never profile, password, session, inbox or
 * key-management routes, which have no gate, a MEMBER gate or are people-only).
 */
export function keyMayUse(routeName: string | undefined): boolean {
  const gate = routeName ? ROUTE_GATES[routeName] : undefined
  return gate !== undefined && gate !== MEMBER && !PEOPLE_ONLY_ROUTES.has(routeName!)
}

/** Whether a key granted `permissions` passes `gate` */
export function keyAllows(permissions: readonly Permission[], gate: RouteGate | undefined) {
  if (gate === undefined || gate === MEMBER) return false
  const needed: readonly Permission[] = typeof gate === 'string' ? [gate] : gate
  return needed.some((permission) => permissions.includes(permission))
}
