/**
 * The read versions of a request's company context (read_versions,
 * migration 1764300010001), read in its authentication statement: the
 * company's data, the user's inbox in it, the user's memberships (the
 * companies they act for) and the directory (the names, e-mails, documents
 * and logos of users and companies). Each is raised in the transaction of
 * every change of its scope.
 */
export interface ReadVersions {
  company: string
  inbox: string
  user: string
  directory: string
}

/** The scopes a cached read depends on */
export type ReadScope = keyof ReadVersions

/**
 * The SQL of one scope's read version (`scope`: SQL of its key), 0 when it
 * was never raised: a sub-select (a primary-key probe), not a join, so that
 * the authentication statement that reads four of them stays a join of its
 * few tables. As four LEFT JOINs of read_versions PostgreSQL searched the
 * join orders of eight tables each time it planned the statement (1.1-3.3
 * ms, six plans per connection) and ran it in 0.15 ms; as sub-selects it
 * plans in 0.35 ms and runs in 0.08.
 */
export const readVersionSql = (scope: string) =>
  `coalesce((SELECT version FROM read_versions WHERE scope = ${scope}), 0)`
