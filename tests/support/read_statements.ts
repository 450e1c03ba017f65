import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { providerCompliancesStatement } from '#actions/compliance/list_provider_compliances'
import { complianceFlowsStatement } from '#actions/compliance/list_compliance_flows'
import { inboxPageSql } from '#actions/notifications/list_notifications'
import { contractBoardSql } from '#actions/contracts/board_contracts'
import { contractListSql } from '#actions/contracts/list_contracts'
import { contractDetailStatement } from '#models/queries/contract_detail'
import { teamLinksJsonSql, type TeamLinkItem } from '#models/queries/team_links'
import TeamMemberDto from '#dtos/team_member_dto'
import ProviderListItemDto from '#dtos/provider_list_item_dto'
import { periodsAt } from '#support/hours'
import type { CachedReadName } from '#support/read_versions'

const ANY = '00000000-0000-4000-8000-000000000000'
const NOW = DateTime.fromISO('2026-03-18T15:00:00Z')

export interface Statement {
  sql: string
  bindings: any
}

/** A statement of a cached read, with the read's name (READ_SCOPES) */
export interface CachedStatement extends Statement {
  read: CachedReadName
}

/** Every statement the cached lists (ReadCache) run, in each of their variants */
export function cachedStatements(): CachedStatement[] {
  const company = { id: ANY, timezone: 'America/Sao_Paulo' }
  const periods = periodsAt(NOW, company.timezone)
  const team = (search: string | undefined, item: TeamLinkItem) =>
    teamLinksJsonSql(ANY, { search, page: 1, pageSize: 20 }, periods, item)
  const statements: [CachedReadName, unknown][] = [
    ['notifications', inboxPageSql(ANY, ANY, {})],
    ['notifications', inboxPageSql(ANY, ANY, { page: 1000, perPage: 50 })],
    ['notifications', inboxPageSql(ANY, ANY, { scope: 'action', isRead: false })],
    ['notifications', inboxPageSql(ANY, ANY, { isRead: true })],
    ['provider-compliances', providerCompliancesStatement(company, ANY, {}, NOW)],
    [
      'provider-compliances',
      providerCompliancesStatement(company, ANY, { search: 'plano', status: 'pending' }, NOW),
    ],
    ['compliance-flows', complianceFlowsStatement(ANY, {}, 1, 20)],
    [
      'compliance-flows',
      complianceFlowsStatement(ANY, { search: 'plano', status: 'active' }, 1, 20),
    ],
    ['contracts-board', contractBoardSql(ANY, {})],
    ['contracts-board', contractBoardSql(ANY, { search: 'contrato' })],
    ['contracts', contractListSql(ANY, {})],
    ['contracts', contractListSql(ANY, { search: '1234', status: ['active'] })],
    ['team', team(undefined, TeamMemberDto.LIST_ITEM)],
    ['team', team('fornecedor', TeamMemberDto.LIST_ITEM)],
    ['providers', team(undefined, ProviderListItemDto.LIST_ITEM)],
    ['contract-detail', contractDetailStatement(ANY, ANY)],
  ]
  return statements.map(([read, statement]) => ({
    read,
    sql: (statement as any).sql,
    bindings: (statement as any).bindings,
  }))
}

/**
 * Tables the cached statements read whose rows no list prints or depends
 * on, so their changes need no read version: contract_name_hours only
 * tells a name search's walk which hours it may skip,
 * contract_name_statuses which board columns cannot hold its term,
 * link_search_buckets where a team search's walk may start (their bits
 * hold at least the pieces of their rows; they change only with contracts
 * or links, whose triggers raise the company).
 */
export const SKIP_HINTS = ['contract_name_hours', 'contract_name_statuses', 'link_search_buckets']

interface VerboseNode {
  'Relation Name'?: string
  'Alias'?: string
  'Plans'?: VerboseNode[]
  [field: string]: unknown
}

function nodes(node: VerboseNode): VerboseNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)]
}

/** The expressions a plan node reads its relation's columns in */
const EXPRESSION_FIELDS = ['Output', 'Filter', 'Index Cond', 'Recheck Cond', 'Join Filter']

/**
 * The tables the statement reads and, for each, the columns PostgreSQL
 * reads of it (EXPLAIN VERBOSE: the scan's output and conditions, with the
 * scan's alias), so a column a list starts printing shows up here.
 */
export async function columnsRead({ sql, bindings }: Statement) {
  const { rows } = await db.rawQuery(`EXPLAIN (VERBOSE, FORMAT JSON) ${sql}`, bindings)
  const read = new Map<string, Set<string>>()
  for (const node of nodes(rows[0]['QUERY PLAN'][0].Plan as VerboseNode)) {
    const table = node['Relation Name']
    if (!table) continue
    const columns = read.get(table) ?? new Set<string>()
    read.set(table, columns)
    const alias = (node.Alias ?? table).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const text = EXPRESSION_FIELDS.flatMap((field) => {
      const value = node[field]
      return value === undefined ? [] : Array.isArray(value) ? value : [value]
    }).join(' ')
    for (const match of text.matchAll(new RegExp(`(?<![\\w.])${alias}\\.(\\w+)`, 'g'))) {
      columns.add(match[1])
    }
  }
  return read
}

/** columnsRead of every cached statement, merged: table -> its columns read (SKIP_HINTS left out) */
export async function cachedColumnsRead() {
  const all = new Map<string, Set<string>>()
  for (const statement of cachedStatements()) {
    for (const [table, columns] of await columnsRead(statement)) {
      if (SKIP_HINTS.includes(table)) continue
      const set = all.get(table) ?? new Set<string>()
      for (const column of columns) set.add(column)
      all.set(table, set)
    }
  }
  return all
}
