import db from '@adonisjs/lucid/services/db'
import type { BenchArea } from '#bench/types'
import { CONTRACT_STATUSES } from '#enums/contract_status'

/** Words of the bench contracts' names (the searches of the scenarios and the mix) */
export const CONTRACT_WORDS = ['consultoria', 'obras', 'design', 'suporte', 'auditoria']

/**
 * Contracts: H1 filtered by status and a selective name search (trigram
 * index + board index) and the H2 board (one LATERAL index walk per
 * column, capped at 50, plus the per-status totals), and an H5 detail. Volume: 20k
 * contracts of the bench borrower at scale 1, each with a BORROWER and a
 * PROVIDER part, spread over every status.
 */
const contracts: BenchArea = {
  area: 'contracts',
  async seed({ scale, borrower, borrowerOwner, providerCompany, providerOwner, tokenFor }) {
    const target = 20_000 * scale
    const { rows } = await db.rawQuery(
      'SELECT count(*)::int AS n FROM contracts WHERE company_id = ?',
      [borrower.id]
    )
    const have = rows[0].n as number
    if (have < target) {
      await db.rawQuery(
        `INSERT INTO contracts (id, company_id, name, status, progress, ref, snapshot, created_at, updated_at)
         SELECT gen_random_uuid(), ?, 'Bench ' || (?::text[])[1 + n % 5] || ' ' || n,
                (?::text[])[1 + n % 15], n % 101, 'BENCH-' || n, '{}',
                now() - make_interval(mins => n), now() - make_interval(mins => n)
         FROM generate_series(?::int, ?::int) AS n`,
        [borrower.id, CONTRACT_WORDS, [...CONTRACT_STATUSES], have + 1, target]
      )
      /**
       * A part's trigger looks its contract up by id. Planned while the
       * contracts were still few (as in one statement that inserted both),
       * its cached plan read them all for each of the 400,000 parts at x10:
       * over 10 minutes on a database without earlier areas, 93 s with them.
       */
      await db.rawQuery('ANALYZE contracts')
      await db.rawQuery(
        `INSERT INTO contract_parts (id, contract_id, company_id, role, value, value_cents, contract_type, created_at, updated_at)
         SELECT gen_random_uuid(), c.id, part.company_id, part.role, part.value, part.value_cents,
                part.contract_type, now(), now()
         FROM contracts c
         CROSS JOIN (VALUES (1, ?::uuid, 'BORROWER', NULL, NULL::bigint, NULL),
                            (2, ?::uuid, 'PROVIDER', '1.000,00', 100000, 'MONTHLY'))
           AS part (ord, company_id, role, value, value_cents, contract_type)
         WHERE c.company_id = ? AND c.ref LIKE 'BENCH-%'
           AND NOT EXISTS (SELECT 1 FROM contract_parts p WHERE p.contract_id = c.id)
         ORDER BY part.ord, c.created_at DESC`,
        [borrower.id, providerCompany.id, borrower.id]
      )
      await db.rawQuery('VACUUM ANALYZE contracts')
      await db.rawQuery('VACUUM ANALYZE contract_parts')
    }

    const headers = {
      'authorization': `Bearer ${await tokenFor(borrowerOwner)}`,
      'x-company-id': borrower.id,
    }
    const {
      rows: [draft],
    } = await db.rawQuery(
      `SELECT id FROM contracts WHERE company_id = ? AND status = 'draft' AND deleted_at IS NULL
        ORDER BY id LIMIT 1`,
      [borrower.id]
    )
    /** A detail no scenario saves (H5: cached under its own contract's version) */
    const {
      rows: [active],
    } = await db.rawQuery(
      `SELECT id FROM contracts WHERE company_id = ? AND status = 'active' AND deleted_at IS NULL
        ORDER BY id LIMIT 1`,
      [borrower.id]
    )
    /** Parts need a workflow: the borrower's own bench workflow */
    const {
      rows: [workflow],
    } = await db.rawQuery(
      `WITH existing AS (SELECT id FROM workflows WHERE company_id = ? AND name = 'Bench workflow'),
            created AS (
              INSERT INTO workflows (company_id, name, company_role, steps, created_at, updated_at)
              SELECT ?, 'Bench workflow', 'borrower', '[]', now(), now()
              WHERE NOT EXISTS (SELECT 1 FROM existing) RETURNING id)
       SELECT id FROM existing UNION ALL SELECT id FROM created`,
      [borrower.id, borrower.id]
    )
    return [
      {
        name: 'PUT /contracts/:id',
        method: 'PUT',
        path: `/api/v1/contracts/${draft.id}`,
        headers,
        /** A snapshot with two parts: a linked legal entity and a linked person */
        body: {
          name: 'Bench saved contract',
          workflowId: workflow.id,
          progress: 40,
          parts: [
            { companyId: providerCompany.id, value: '1.000,00', contractType: 'MONTHLY' },
            { userId: providerOwner.id },
          ],
        },
      },
      {
        name: 'GET /contracts?status=active,draft&search=1234&page=1',
        method: 'GET',
        path: '/api/v1/contracts?status=active,draft&search=1234&page=1',
        headers,
      },
      { name: 'GET /contracts/board', method: 'GET', path: '/api/v1/contracts/board', headers },
      {
        name: 'GET /contracts/:id',
        method: 'GET',
        path: `/api/v1/contracts/${active.id}`,
        headers,
      },
      {
        name: 'GET /contracts/board (If-None-Match: 304)',
        method: 'GET',
        path: '/api/v1/contracts/board',
        headers,
        conditional: true,
      },
      {
        name: 'GET /contracts?status=active,draft&search=1234&page=1 (If-None-Match: 304)',
        method: 'GET',
        path: '/api/v1/contracts?status=active,draft&search=1234&page=1',
        headers,
        conditional: true,
      },
    ]
  },
}

export default contracts
