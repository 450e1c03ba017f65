import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#models/user'
import { ensureProviderPeople } from '#bench/people'
import { CONTRACT_WORDS } from '#bench/scenarios/contracts'
import { CONTRACT_STATUSES } from '#enums/contract_status'
import { ENTRY_WINDOW_DAYS } from '#support/hours'
import type { BenchContext } from '#bench/types'
import type { MemberRole } from '#enums/roles'

/** Borrower companies besides the big bench borrower, each with an owner and an admin (scale 1 and up) */
const SMALL_COMPANIES = 20
/** Contracts of each small company at scale 1 (x scale) */
const SMALL_CONTRACTS = 50
/** Natural-person providers of each small company */
const SMALL_PROVIDERS = 3
/** Extra members of the big borrower, by role */
const BIG_MEMBERS: [MemberRole, number][] = [
  ['admin', 3],
  ['borrower', 3],
  ['user', 4],
]
/** Natural-person providers of the big borrower (scale 1 and up): provider readers and hours writers */
const BIG_PROVIDERS = 500
/** In-app notifications of each mix user in its company at scale 1 (x scale) */
const NOTIFICATIONS = 50
/** Ids per company the mix reads (GET /contracts/:id) and saves (drafts) */
const IDS_PER_COMPANY = 10

const EMAIL = 'bench-mix-%@bench.test'

/** Headers of one user in one company: its bearer and x-company-id */
export type MixHeaders = { 'authorization': string; 'x-company-id': string }

export interface MixActor {
  role: MemberRole
  userId: string
  headers: MixHeaders
}

export interface MixCompany {
  companyId: string
  /** Contracts any borrower-side member reads */
  contractIds: string[]
  /** Draft contracts the managers save */
  draftIds: string[]
  /** User ids of the members (the recipients of custom notifications) */
  memberIds: string[]
}

/**
 * What `npm run bench -- --mix` drives, written by `node ace bench:seed
 * --mix <file>` (JSON): every user with its session, the companies' ids
 * and the days the hours writers may log (today and the entry window).
 */
export interface MixPlan {
  actors: MixActor[]
  companies: MixCompany[]
  /** The big borrower's natural-person providers, in a fixed order */
  hoursWriters: MixHeaders[]
  hoursDays: string[]
  /** Search words that match contracts of every company */
  contractWords: string[]
}

/** The small borrowers, their owner and admin: one statement, tops up to SMALL_COMPANIES */
async function ensureSmallCompanies(count: number) {
  await db.rawQuery(
    `WITH src AS (
       SELECT n, gen_random_uuid() AS company_id FROM generate_series(1, ?::int) AS n
        WHERE NOT EXISTS (SELECT 1 FROM companies WHERE document = '88' || lpad(n::text, 12, '0'))
     ), co AS (
       INSERT INTO companies (id, name, trade_name, document, created_at, updated_at)
       SELECT company_id, 'Bench Mix ' || n || ' Ltda', 'Mix ' || n, '88' || lpad(n::text, 12, '0'),
              now(), now() FROM src
     ), people AS (
       INSERT INTO users (id, name, email, created_at, updated_at)
       SELECT gen_random_uuid(), 'Mix ' || role || ' ' || n,
              'bench-mix-c' || n || '-' || role || '@bench.test', now(), now()
         FROM src CROSS JOIN unnest(ARRAY['owner', 'admin']) AS r(role)
       RETURNING id, email
     )
     INSERT INTO company_members (id, company_id, user_id, role, created_at, updated_at)
     SELECT gen_random_uuid(), src.company_id, people.id,
            (CASE WHEN people.email LIKE '%-owner@%' THEN 'owner' ELSE 'admin' END)::member_role,
            now(), now()
       FROM src JOIN people ON people.email LIKE 'bench-mix-c' || src.n || '-%'`,
    [count]
  )
}

/** Extra members of the big borrower with each role of BIG_MEMBERS */
async function ensureBigMembers(borrowerId: string) {
  const roles = BIG_MEMBERS.flatMap(([role, count]) => Array<string>(count).fill(role))
  await db.rawQuery(
    `WITH src AS (
       SELECT n, role FROM unnest(?::text[]) WITH ORDINALITY AS r(role, n)
        WHERE NOT EXISTS (SELECT 1 FROM users WHERE email = 'bench-mix-member-' || n || '@bench.test')
     ), people AS (
       INSERT INTO users (id, name, email, created_at, updated_at)
       SELECT gen_random_uuid(), 'Mix member ' || n, 'bench-mix-member-' || n || '@bench.test',
              now(), now() FROM src
       RETURNING id, email
     )
     INSERT INTO company_members (id, company_id, user_id, role, created_at, updated_at)
     SELECT gen_random_uuid(), ?, people.id, src.role::member_role, now(), now()
       FROM src JOIN people ON people.email = 'bench-mix-member-' || src.n || '@bench.test'`,
    [roles, borrowerId]
  )
}

/** Each small company's contracts, topped up to SMALL_CONTRACTS x scale, with a BORROWER part */
async function ensureSmallContracts(scale: number) {
  await db.rawQuery(
    `INSERT INTO contracts (id, company_id, name, status, progress, ref, created_at, updated_at)
     SELECT gen_random_uuid(), co.id, 'Mix ' || (?::text[])[1 + n % 5] || ' ' || n,
            (?::text[])[1 + (n - 1) % 15], n % 101, 'MIX-' || n,
            now() - make_interval(mins => n), now() - make_interval(mins => n)
       FROM companies co
      CROSS JOIN LATERAL generate_series(
        (SELECT count(*) FROM contracts c WHERE c.company_id = co.id AND c.ref LIKE 'MIX-%')::int + 1,
        ?::int) AS n
      WHERE co.document LIKE '88%' AND co.name LIKE 'Bench Mix %'`,
    [CONTRACT_WORDS, [...CONTRACT_STATUSES], Math.ceil(SMALL_CONTRACTS * scale)]
  )
  await db.rawQuery(
    `INSERT INTO contract_parts (id, contract_id, company_id, role, created_at, updated_at)
     SELECT gen_random_uuid(), c.id, c.company_id, 'BORROWER', now(), now()
       FROM contracts c JOIN companies co ON co.id = c.company_id
      WHERE co.document LIKE '88%' AND co.name LIKE 'Bench Mix %' AND c.ref LIKE 'MIX-%'
        AND NOT EXISTS (SELECT 1 FROM contract_parts p WHERE p.contract_id = c.id)`
  )
}

/** Every mix user's inbox in each of its companies, topped up to NOTIFICATIONS x scale */
async function ensureNotifications(scale: number) {
  await db.rawQuery(
    `INSERT INTO notifications
       (company_id, user_id, scope, type, title, message, priority, is_read, read_at,
        created_at, updated_at)
     SELECT m.company_id, m.user_id, (ARRAY['company','contract','personal','role','action'])[1 + n % 5],
            'reminder', 'Mix notification ' || n, 'Message ' || n, 'medium',
            n % 3 <> 0, CASE WHEN n % 3 <> 0 THEN now() END,
            now() - make_interval(mins => n), now()
       FROM company_members m JOIN users u ON u.id = m.user_id
      CROSS JOIN LATERAL generate_series(
        (SELECT count(*) FROM notifications x
          WHERE x.user_id = m.user_id AND x.company_id = m.company_id)::int + 1,
        ?::int) AS n
      WHERE u.email LIKE ?`,
    [Math.ceil(NOTIFICATIONS * scale), EMAIL]
  )
}

/** Up to IDS_PER_COMPANY contract ids per company (any status, or drafts only) */
async function contractIds(companyIds: string[], draftsOnly: boolean) {
  const { rows } = await db.rawQuery(
    `SELECT company_id, id FROM (
       SELECT company_id, id, row_number() OVER (PARTITION BY company_id ORDER BY id) AS k
         FROM contracts
        WHERE company_id = ANY(?::uuid[]) AND deleted_at IS NULL
          AND (NOT ?::boolean OR status = 'draft')
     ) ranked WHERE k <= ?`,
    [companyIds, draftsOnly, IDS_PER_COMPANY]
  )
  const byCompany = new Map<string, string[]>()
  for (const row of rows)
    byCompany.set(row.company_id, [...(byCompany.get(row.company_id) ?? []), row.id])
  return byCompany
}

/**
 * The mixed bench's users and data on top of the areas': 20 small
 * borrowers (owner, admin, contracts, natural-person providers,
 * notifications), extra members of the big borrower with every
 * borrower-side role, and its natural-person providers (bench/people.ts).
 * Set-based and idempotent (tops up); the hours written in the entry
 * window by an earlier run are removed, so every day is free again. One
 * session per user.
 */
export async function seedMix(context: BenchContext): Promise<MixPlan> {
  const { scale, borrower, borrowerOwner, tokenFor } = context
  /** Below scale 1 (the bench's own test) fewer companies and providers */
  const fewer = (count: number) => Math.max(2, Math.round(count * Math.min(scale, 1)))
  await ensureSmallCompanies(fewer(SMALL_COMPANIES))
  await ensureBigMembers(borrower.id)
  await ensureProviderPeople(borrower.id, 'bench-mix-provider-', fewer(BIG_PROVIDERS))
  const { rows: small } = await db.rawQuery(
    `SELECT id, document FROM companies WHERE document LIKE '88%' AND name LIKE 'Bench Mix %'
      ORDER BY document LIMIT ?`,
    [fewer(SMALL_COMPANIES)]
  )
  for (const company of small) {
    await ensureProviderPeople(
      company.id,
      `bench-mix-c${Number(company.document.slice(2))}-p`,
      SMALL_PROVIDERS
    )
  }
  await ensureSmallContracts(scale)
  await ensureNotifications(scale)

  const today = DateTime.now().setZone(borrower.timezone).startOf('day')
  await db.rawQuery(
    `DELETE FROM work_entries WHERE company_id = ? AND date >= ?::date
        AND user_id IN (SELECT id FROM users WHERE email LIKE 'bench-mix-provider-%')`,
    [borrower.id, today.minus({ days: ENTRY_WINDOW_DAYS }).toISODate()]
  )
  await db.rawQuery(
    'ANALYZE users, companies, company_members, contracts, contract_parts, notifications'
  )

  const companyIds = [borrower.id, ...small.map((company: { id: string }) => company.id)]
  const { rows: members } = await db.rawQuery(
    `SELECT m.company_id, m.user_id, m.role, u.email FROM company_members m
       JOIN users u ON u.id = m.user_id
      WHERE m.company_id = ANY(?::uuid[]) AND (u.email LIKE ? OR u.id = ?)
      ORDER BY u.email, m.company_id`,
    [companyIds, EMAIL, borrowerOwner.id]
  )
  const userIds: string[] = [...new Set<string>(members.map((member: any) => member.user_id))]
  const found = await User.query().whereIn('id', userIds)
  const users = new Map(found.map((user) => [user.id, user]))
  const actors: MixActor[] = []
  const hoursWriters: MixHeaders[] = []
  for (const member of members) {
    const headers: MixHeaders = {
      'authorization': `Bearer ${await tokenFor(users.get(member.user_id)!)}`,
      'x-company-id': member.company_id,
    }
    actors.push({ role: member.role, userId: member.user_id, headers })
    if (member.email.startsWith('bench-mix-provider-')) hoursWriters.push(headers)
  }

  const reads = await contractIds(companyIds, false)
  const drafts = await contractIds(companyIds, true)
  return {
    actors,
    companies: companyIds.map((companyId) => ({
      companyId,
      contractIds: reads.get(companyId) ?? [],
      draftIds: drafts.get(companyId) ?? [],
      memberIds: members
        .filter((member: any) => member.company_id === companyId)
        .map((member: any) => member.user_id),
    })),
    hoursWriters,
    hoursDays: Array.from({ length: ENTRY_WINDOW_DAYS + 1 }, (_, offset) =>
      today.minus({ days: offset }).toISODate()!
    ),
    contractWords: CONTRACT_WORDS,
  }
}
