/**
 * Membership roles of a user in a company (DESIGN.md, Tenancy and roles).
 * What each role may do is the permission table (#support/permissions),
 * not these lists.
 */
export const MEMBER_ROLES = ['owner', 'admin', 'borrower', 'user', 'provider'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

/**
 * Members of the contracting company (owner, admin, borrower, user): the
 * audience of company notifications and the people who may be named
 * reviewer, validator or signer. Not a permission: `user` only reads.
 */
export const BORROWER_SIDE_ROLES: readonly MemberRole[] = ['owner', 'admin', 'borrower', 'user']

/** Roles that administer the company */
export const COMPANY_ADMIN_ROLES: readonly MemberRole[] = ['owner', 'admin']

export const isCompanyAdmin = (role: MemberRole) => COMPANY_ADMIN_ROLES.includes(role)
export const isProvider = (role: MemberRole) => role === 'provider'
