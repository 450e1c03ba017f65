import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import User from '#models/user'
import SaveContract from '#actions/contracts/save_contract'
import { withCnpjCheckDigits } from '#support/documents'
import type { BenchArea } from '#bench/types'

const FAN_OUT_MEMBERS = 1000

/**
 * A `contract_created` fan-out to a company of 1,000
 * members, timed and printed (not an autocannon scenario: one action). It
 * runs the real use case (SaveContract creating a contract), so the
 * recipients query, the delivery gates, the contacts, the in-app rows and
 * the e-mail/messenger deliveries are all in the time, as a user causes
 * them.
 */
async function timeFanOut(scale: number) {
  const document = withCnpjCheckDigits('900000000009')
  const company = await Company.firstOrCreate(
    { document },
    { name: 'Bench Fan-out Ltda', tradeName: 'Bench Fan-out', document }
  )
  const { rows } = await db.rawQuery(
    'SELECT count(*)::int AS n FROM company_members WHERE company_id = ?',
    [company.id]
  )
  const missing = FAN_OUT_MEMBERS - rows[0].n
  if (missing > 0) {
    await db.rawQuery(
      `WITH new_users AS (
         INSERT INTO users (id, name, email, password, created_at, updated_at)
         SELECT gen_random_uuid(), 'Fan-out member ' || n, 'fanout-' || n || '@bench.test', 'x',
                now(), now()
         FROM generate_series(?::int, ?::int) AS n
         RETURNING id
       )
       INSERT INTO company_members (id, company_id, user_id, role, created_at, updated_at)
       SELECT gen_random_uuid(), ?, id, 'user', now(), now() FROM new_users`,
      [rows[0].n + 1, FAN_OUT_MEMBERS, company.id]
    )
  }
  const owner = await User.findByOrFail('email', 'fanout-1@bench.test')

  const save = await app.container.make(SaveContract)
  const started = performance.now()
  await save.handle(company, owner, { name: `Bench fan-out x${scale}` })
  const ms = Math.round(performance.now() - started)
  const { rows: sent } = await db.rawQuery(
    `SELECT count(*)::int AS n FROM notifications
      WHERE company_id = ? AND type = 'contract_created' AND title = 'Novo contrato criado'
        AND created_at > now() - interval '1 minute'`,
    [company.id]
  )
  process.stdout.write(
    `[ timing ] x${scale} contract_created fan-out to ${FAN_OUT_MEMBERS} members: ${ms} ms (${sent[0].n} in-app rows)\n`
  )
}

/**
 * The borrower owner's inbox: 100k notifications at scale 1 (a third
 * unread), newest first page, a deep page and the unread count. Both
 * lists walk notifications_inbox_idx (user, company, created_at DESC, id
 * DESC); the count uses the partial unread index.
 */
const notifications: BenchArea = {
  area: 'notifications',
  async seed({ scale, borrower, borrowerOwner, tokenFor }) {
    const target = 100_000 * scale
    const { rows } = await db.rawQuery(
      'SELECT count(*)::int AS n FROM notifications WHERE user_id = ? AND company_id = ?',
      [borrowerOwner.id, borrower.id]
    )
    const missing = target - rows[0].n
    if (missing > 0) {
      await db.rawQuery(
        `INSERT INTO notifications
           (company_id, user_id, scope, type, title, message, priority, is_read, read_at,
            activity, created_at, updated_at)
         SELECT ?, ?, (ARRAY['company','contract','personal','role','action'])[1 + n % 5],
                'reminder', 'Bench notification ' || n, 'Message ' || n, 'medium',
                n % 3 <> 0, CASE WHEN n % 3 <> 0 THEN now() END, NULL,
                now() - (n || ' seconds')::interval, now()
         FROM generate_series(?::int, ?::int) AS n`,
        [borrower.id, borrowerOwner.id, rows[0].n + 1, target]
      )
      await db.rawQuery('VACUUM ANALYZE notifications')
    }

    await timeFanOut(scale)

    const headers = {
      'authorization': `Bearer ${await tokenFor(borrowerOwner)}`,
      'x-company-id': borrower.id,
    }
    return [
      { name: 'GET /notifications', method: 'GET', path: '/api/v1/notifications', headers },
      {
        name: 'GET /notifications page 1000 x 50',
        method: 'GET',
        path: '/api/v1/notifications?page=1000&perPage=50',
        headers,
      },
      {
        name: 'GET /notifications/unread-count',
        method: 'GET',
        path: '/api/v1/notifications/unread-count',
        headers,
      },
      /** Writes: each answers 2xx however often it repeats */
      {
        name: 'POST /notifications/custom',
        method: 'POST',
        path: '/api/v1/notifications/custom',
        headers,
        body: {
          sendTo: borrowerOwner.id,
          title: 'Bench',
          message: 'A custom bench message',
          platforms: ['platform', 'email'],
        },
      },
      {
        name: 'PATCH /notifications/read-all',
        method: 'PATCH',
        path: '/api/v1/notifications/read-all',
        headers,
      },
    ]
  },
}

export default notifications
