/**
 * Membership roles of a user in a company (DESIGN.md, Tenancy and roles).
 */
export const MEMBER_ROLES = ['owner', 'admin', 'borrower', 'user', 'provider'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/** Roles that act for the contracting company (endpoint groups D, E, F, G, H) */
export const BORROWER_SIDE_ROLES: readonly MemberRole[] = ['owner', 'admin', 'borrower', 'user']

/** Roles that administer the company (I8, I9) */
export const COMPANY_ADMIN_ROLES: readonly MemberRole[] = ['owner', 'admin']

export const isBorrowerSide = (role: MemberRole) => BORROWER_SIDE_ROLES.includes(role)
export const isCompanyAdmin = (role: MemberRole) => COMPANY_ADMIN_ROLES.includes(role)
export const isProvider = (role: MemberRole) => role === 'provider'
