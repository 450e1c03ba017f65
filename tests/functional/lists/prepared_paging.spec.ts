import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { contractBoardSql } from '#actions/contracts/board_contracts'
import { contractListSql } from '#actions/contracts/list_contracts'
import { inboxPageSql } from '#actions/notifications/list_notifications'
import { complianceFlowsStatement } from '#actions/compliance/list_compliance_flows'
import { teamLinksJsonSql } from '#models/queries/team_links'
import TeamMemberDto from '#dtos/team_member_dto'
import { periodsAt } from '#support/hours'
import { DateTime } from 'luxon'

const COMPANY = '0b9f8f5e-6c1a-4c1e-9d3e-2f4b5a6c7d8e'
const USER = '1c9f8f5e-6c1a-4c1e-9d3e-2f4b5a6c7d8e'

/** The text node-postgres prepares for a statement (its `$n` placeholders) */
const preparedText = ({ sql, bindings }: { sql: string; bindings: unknown }) =>
  db
    .rawQuery(sql, bindings as any)
    .knexQuery.toSQL()
    .toNative().sql

/**
 * A LIMIT or OFFSET bound to a parameter makes PostgreSQL cost a prepared
 * statement's generic plan as if a tenth of the rows were read, so it
 * plans every request anew: the page size is a literal and the offset
 * comes through a sub-select (pageWindowSql).
 */
test.group('Lists / prepared statements bind no LIMIT or OFFSET', () => {
  test('{name}: a literal page size, the offset through a sub-select')
    .with([
      { name: 'H1', statement: () => contractListSql(COMPANY, { page: 3 }) },
      {
        name: 'H1 by status',
        statement: () => contractListSql(COMPANY, { status: ['active'], page: 9, perPage: 50 }),
      },
      { name: 'H1 search', statement: () => contractListSql(COMPANY, { search: 'obra', page: 2 }) },
      { name: 'H2', statement: () => contractBoardSql(COMPANY, {}) },
      {
        name: 'H2 column',
        statement: () => contractBoardSql(COMPANY, { column: 'active', offset: 40 }),
      },
      { name: 'H2 search', statement: () => contractBoardSql(COMPANY, { search: 'obra' }) },
      { name: 'I1', statement: () => inboxPageSql(USER, COMPANY, { page: 7, perPage: 50 }) },
      {
        name: 'I1 unread',
        statement: () => inboxPageSql(USER, COMPANY, { page: 2, isRead: false }),
      },
      { name: 'D1', statement: () => complianceFlowsStatement(COMPANY, {}, 4, 20) },
      ...[{ page: 30 }, { page: 2, search: 'fornecedor' }].map((filters) => ({
        name: `team ${JSON.stringify(filters)}`,
        statement: () =>
          teamLinksJsonSql(
            COMPANY,
            { pageSize: 20, ...filters },
            periodsAt(DateTime.fromISO('2026-03-18T15:00:00Z'), 'UTC'),
            TeamMemberDto.LIST_ITEM
          ),
      })),
    ])
    .run(({ assert }, { statement }) => {
      const text = preparedText(statement())
      assert.notMatch(text, /\b(LIMIT|OFFSET)\s+\$\d+/i)
      assert.match(text, /\bLIMIT\s+\d+/i, 'a literal page size')
    })
})
