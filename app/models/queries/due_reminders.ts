import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import Onboarding from '#models/onboarding'
import { OPEN_STEP_STATUSES, type Frequency } from '#support/compliance'
import { CLOSED_STATUSES, SIGNING_STATUSES } from '#support/contract_rules'

/**
 * The candidates of the scheduled reminders (`reminders:send`), one
 * statement per kind whatever the number of items, recipients included;
 * what is due exactly (a window closing soon) and whether it was already
 * reminded today is the action's part.
 */

type Trx = TransactionClientContract

/** An open step compliance of a period whose windows may close soon */
export interface OpenStepRow {
  item_id: string
  compliance_id: string
  company_id: string
  timezone: string
  provider_id: string
  year: number
  month: number
  flow_name: string
  step_title: string
  frequency: Frequency
  day_start: number
  day_end: number
  month_start: number | null
  month_end: number | null
  /** The provider user: the person, or the owner users of the provider company */
  user_ids: string[]
}

/**
 * Open steps (pending, in progress, rejected) of attached flows in the
 * periods `from`..`to` (inclusive, as year * 12 + month).
 */
export async function openComplianceSteps(
  periods: { from: number; to: number },
  trx: Trx
): Promise<OpenStepRow[]> {
  const { rows } = await trx.rawQuery(
    `SELECT sc.id AS item_id, pc.id AS compliance_id, pc.company_id, co.timezone,
            pc.provider_id, pc.year, pc.month, f.name AS flow_name, s.title AS step_title,
            s.frequency, s.day_start, s.day_end, s.month_start, s.month_end,
            CASE WHEN pcf.provider_type = 'NATURAL_PERSON' THEN ARRAY[pc.provider_id]
                 ELSE coalesce(owners.user_ids, '{}') END AS user_ids
     FROM step_compliances sc
     JOIN provider_compliances pc ON pc.id = sc.provider_compliance_id
     JOIN provider_compliance_flows pcf
       ON pcf.id = pc.provider_compliance_flow_id AND pcf.detached_at IS NULL
     JOIN compliance_flows f ON f.id = pc.flow_id
     JOIN compliance_steps s ON s.id = sc.step_id
     JOIN companies co ON co.id = pc.company_id
     LEFT JOIN LATERAL (
       SELECT array_agg(m.user_id ORDER BY m.created_at) AS user_ids
       FROM company_members m
       WHERE m.company_id = pc.provider_id AND m.role = 'owner'
     ) owners ON pcf.provider_type = 'LEGAL_ENTITY'
     WHERE sc.status = ANY(?) AND pc.year * 12 + pc.month BETWEEN ? AND ?
     ORDER BY pc.company_id, sc.id`,
    [[...OPEN_STEP_STATUSES], periods.from, periods.to]
  )
  return rows
}

/** A signer of the open group of a contract being signed */
export interface PendingSignerRow {
  item_id: string
  user_id: string | null
  email: string
  name: string
  contract_id: string
  contract_name: string
  company_id: string
}

/**
 * Pending signers whose request is older than `requestedBefore`: members
 * of the contract's current group (the first with someone still to sign,
 * as `currentGroup`), asked since the signature start or, for a later
 * group, since the last signature of the groups before it.
 */
export async function pendingSigners(requestedBefore: DateTime, trx: Trx) {
  const { rows } = await trx.rawQuery(
    `SELECT m.id AS item_id, m.user_id, m.email, m.name,
            c.id AS contract_id, c.name AS contract_name, c.company_id
     FROM contract_signature_members m
     JOIN contract_signature_groups g ON g.id = m.group_id
     JOIN contracts c ON c.id = m.contract_id
     LEFT JOIN LATERAL (
       SELECT bool_or(pm.status <> 'signed') AS open_before, max(pm.signed_at) AS last_signed_at
       FROM contract_signature_members pm
       JOIN contract_signature_groups pg ON pg.id = pm.group_id
       WHERE pg.contract_id = c.id AND pg.position < g.position
     ) earlier ON true
     WHERE c.status = ANY(?) AND c.deleted_at IS NULL AND m.status = 'pending'
       AND coalesce(earlier.open_before, false) = false
       AND coalesce(earlier.last_signed_at, c.signature_started_at) <= ?
     ORDER BY c.id, m.position`,
    [[...SIGNING_STATUSES], requestedBefore.toISO()!]
  )
  return rows as PendingSignerRow[]
}

/**
 * Pending onboardings expiring in (`now`, `until`] on open contracts, with
 * the provider's owner (the natural person, or the oldest owner of the
 * provider company, with an e-mail: as `providerContact`) in `$extras`:
 * `recipient_id`, `recipient_company_id` (the provider company, or the
 * borrower for a natural person), `contract_name`, `timezone` (the
 * borrower's). Models, so the link can be signed.
 */
export async function expiringOnboardings(now: DateTime, until: DateTime, trx: Trx) {
  const { rows } = await trx.rawQuery(
    `SELECT o.*, c.name AS contract_name, b.timezone,
            r.user_id AS recipient_id, r.company_id AS recipient_company_id
     FROM onboardings o
     JOIN contracts c ON c.id = o.contract_id
     JOIN companies b ON b.id = o.borrower_company_id
     JOIN LATERAL (
       SELECT u.id AS user_id, o.borrower_company_id AS company_id
       FROM users u
       WHERE u.id = o.provider_user_id AND coalesce(u.email, '') <> ''
       UNION ALL
       (SELECT m.user_id, m.company_id
        FROM company_members m JOIN users u ON u.id = m.user_id
        WHERE m.company_id = o.provider_company_id AND m.role = 'owner'
          AND coalesce(u.email, '') <> ''
        ORDER BY m.created_at LIMIT 1)
     ) r ON true
     WHERE o.status = 'pending' AND o.expires_at > ? AND o.expires_at <= ?
       AND c.deleted_at IS NULL AND NOT (c.status = ANY(?))
     ORDER BY o.id`,
    [now.toISO()!, until.toISO()!, [...CLOSED_STATUSES]]
  )
  return Onboarding.$createMultipleFromAdapterResult(rows, undefined, { client: trx })
}
