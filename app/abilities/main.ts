/**
 * No abilities: role rules live in one permission table
 * (app/support/permissions.ts) enforced by the role gate
 * (app/middleware/role_middleware.ts); record rules live in policies.
 * The module stays because the bouncer is built with it.
 */
export {}
