import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { BenchArea, BenchRequest } from '#bench/types'
import { ensureProviderPeople } from '#bench/people'
import { ENTRY_WINDOW_DAYS } from '#support/hours'
import User from '#models/user'

/** Provider people who log hours; each may log each day of the entry window once */
const WRITERS = 1_000
/** Past entries per writer at scale 1 (x scale), all before the entry window */
const HISTORY_DAYS = 5

/**
 * Hours: natural-person providers of the borrower, each with
 * an active contract and a history of entries outside the entry window
 * (writers x HISTORY_DAYS x scale rows), and the write `POST
 * /monitoring/entries`. One entry per provider and day is the rule (409),
 * so the scenario cycles through distinct provider/day pairs (WRITERS x
 * the ENTRY_WINDOW_DAYS + 1 days it accepts): each request is another
 * writer's token or another day. The seed first removes the entries a
 * previous measurement wrote in the window, so every run starts clean.
 */
const hours: BenchArea = {
  area: 'hours',
  async seed({ scale, borrower, tokenFor }) {
    /** Below scale 1 (the bench's own test) fewer writers, at least 2 */
    const writerCount = Math.max(2, Math.round(WRITERS * Math.min(scale, 1)))
    await ensureProviderPeople(borrower.id, 'bench-hours-', writerCount)
    const writers = await User.query()
      .whereLike('email', 'bench-hours-%@bench.test')
      .orderBy('email')
      .limit(writerCount)
    const today = DateTime.now().setZone(borrower.timezone).startOf('day')
    const windowStart = today.minus({ days: ENTRY_WINDOW_DAYS })

    await db.rawQuery(
      `DELETE FROM work_entries WHERE company_id = ? AND date >= ?::date
          AND user_id IN (SELECT id FROM users WHERE email LIKE 'bench-hours-%')`,
      [borrower.id, windowStart.toISODate()]
    )
    /** The history: HISTORY_DAYS x scale days before the window, per writer */
    await db.rawQuery(
      `INSERT INTO work_entries (id, company_id, contract_part_id, user_id, date, total_minutes,
                                 created_at, updated_at)
       SELECT gen_random_uuid(), c.company_id, p.id, p.user_id, ?::date - d, 480, now(), now()
         FROM users u
         JOIN contract_parts p ON p.user_id = u.id AND p.role = 'PROVIDER'
         JOIN contracts c ON c.id = p.contract_id AND c.company_id = ?
        CROSS JOIN generate_series(1, ?::int) AS d
        WHERE u.email LIKE 'bench-hours-%'
          AND NOT EXISTS (SELECT 1 FROM work_entries w
                           WHERE w.user_id = p.user_id AND w.date = ?::date - d)`,
      [
        windowStart.toISODate(),
        borrower.id,
        Math.ceil(HISTORY_DAYS * scale),
        windowStart.toISODate(),
      ]
    )
    await db.rawQuery('ANALYZE work_entries')

    const tokens: string[] = []
    for (const writer of writers) tokens.push(await tokenFor(writer))
    const days = Array.from({ length: ENTRY_WINDOW_DAYS + 1 }, (_, offset) =>
      today.minus({ days: offset }).toISODate()!
    )
    /** Day-major: consecutive requests are different writers (no lock waits between them) */
    const variants = days.flatMap((date) =>
      tokens.map((token) => ({
        headers: { authorization: `Bearer ${token}` },
        body: { date, tasks: [{ description: 'Bench', durationMinutes: 60 }] },
      }))
    )
    const request: BenchRequest = {
      name: 'POST /monitoring/entries',
      method: 'POST',
      path: '/api/v1/monitoring/entries',
      headers: { 'x-company-id': borrower.id, ...variants[0].headers },
      body: variants[0].body,
      variants,
    }
    return [request]
  },
}

export default hours
