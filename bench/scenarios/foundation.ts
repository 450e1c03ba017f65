import db from '@adonisjs/lucid/services/db'
import type { BenchArea } from '#bench/types'
import { BENCH_PASSWORD } from '#bench/context'

/**
 * Login, the caller's companies and health. Volume: users with several
 * memberships each (10k users x 3 memberships at scale 1).
 */
const foundation: BenchArea = {
  area: 'foundation',
  async seed({ scale, borrower, borrowerOwner, tokenFor }) {
    const target = 10_000 * scale
    const { rows } = await db.rawQuery('SELECT count(*)::int AS n FROM users')
    const missing = target - rows[0].n
    if (missing > 0) {
      const password = (borrowerOwner.password ?? '').replace(/'/g, "''")
      await db.rawQuery(
        `WITH new_users AS (
           INSERT INTO users (id, name, email, password, created_at, updated_at)
           SELECT gen_random_uuid(), 'Bench user ' || n, 'bench-' || n || '-' || ? || '@bench.test',
                  '${password}', now(), now()
           FROM generate_series(1, ?) AS n
           RETURNING id
         )
         INSERT INTO company_members (id, company_id, user_id, role, created_at, updated_at)
         SELECT gen_random_uuid(), ?, id, 'user', now(), now() FROM new_users`,
        [scale, missing, borrower.id]
      )
    }

    const token = await tokenFor(borrowerOwner)
    return [
      {
        name: 'POST /auth/login',
        method: 'POST',
        path: '/api/v1/auth/login',
        body: { email: borrowerOwner.email, password: BENCH_PASSWORD },
      },
      {
        name: 'GET /company',
        method: 'GET',
        path: '/api/v1/company',
        headers: { authorization: `Bearer ${token}` },
      },
      { name: 'GET /health', method: 'GET', path: '/api/v1/health' },
    ]
  },
}

export default foundation
