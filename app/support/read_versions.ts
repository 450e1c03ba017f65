import db from '@adonisjs/lucid/services/db'
import { asPreparedStatement } from '#support/prepared_statement'

/**
 * The read versions of a request's company context (read_versions,
 * migrations 1764300010001 and 1765600000001), read in its authentication
 * statement. Each is raised in the transaction of every change of its
 * scope.
 */
export interface ReadVersions {
  /** The company's contracts, links, members and counters (`c:<company>`) */
  company: string
  /** The hours logged on the company's links: entries and tasks (`h:<company>`) */
  hours: string
  /** The company's compliance: flows, attachments, providers' compliances (`f:<company>`) */
  compliance: string
  /** The user's inbox in the company (`n:<user>:<company>`) */
  inbox: string
  /** The user's memberships: the companies they act for (`u:<user>`) */
  user: string
  /** The names, e-mails, documents and logos of users and companies (`directory`) */
  directory: string
  /**
   * One contract and its detail's rows (`k:<contract>`): read by the
   * detail alone, just before it (contractReadVersion)
   */
  contract?: string
}

/** The scopes a cached read depends on */
export type ReadScope = keyof ReadVersions

/**
 * The scopes each cached read (ReadCache, by the read's name: its key's
 * first part) depends on: those whose tables its statements read
 * (tests/functional/system/read_versions.spec.ts holds each list to it).
 * A change of any other scope leaves its cached bodies served.
 */
export const READ_SCOPES = {
  'contracts': ['company'],
  'contracts-board': ['company'],
  'team': ['company', 'hours', 'directory'],
  'providers': ['company', 'hours', 'directory'],
  'compliance-flows': ['company', 'compliance', 'directory'],
  'provider-compliances': ['compliance', 'user', 'directory'],
  'notifications': ['inbox'],
  'unread-count': ['inbox'],
  'contract-detail': ['contract', 'directory'],
} as const satisfies Record<string, readonly ReadScope[]>

export type CachedReadName = keyof typeof READ_SCOPES

/**
 * The SQL of one scope's read version (`scope`: SQL of its key), 0 when it
 * was never raised: a sub-select (a primary-key probe), not a join, so that
 * the authentication statement that reads six of them stays a join of its
 * few tables. As four LEFT JOINs of read_versions PostgreSQL searched the
 * join orders of eight tables each time it planned the statement (1.1-3.3
 * ms, six plans per connection) and ran it in 0.15 ms; as sub-selects it
 * plans in 0.35 ms and runs in 0.08.
 */
export const readVersionSql = (scope: string) =>
  `coalesce((SELECT version FROM read_versions WHERE scope = ${scope}), 0)`

/** The select list of a company's three read versions (`company`: SQL of its id) */
export const companyReadVersionsSql = (company: string) =>
  `${readVersionSql(`'c:' || ${company}`)} AS v_company,
   ${readVersionSql(`'h:' || ${company}`)} AS v_hours,
   ${readVersionSql(`'f:' || ${company}`)} AS v_compliance`

/** A contract's read version (`k:<contract>`), for its detail: one primary-key probe */
export async function contractReadVersion(contractId: string): Promise<string> {
  const { rows } = await asPreparedStatement(
    db.rawQuery(`SELECT ${readVersionSql('?')} AS version`, [`k:${contractId}`])
  )
  return String(rows[0].version)
}

/** The versions companyReadVersionsSql() selected */
export const companyReadVersionsOf = (row: {
  v_company: string
  v_hours: string
  v_compliance: string
}) => ({ company: row.v_company, hours: row.v_hours, compliance: row.v_compliance })
