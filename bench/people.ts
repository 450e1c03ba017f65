import db from '@adonisjs/lucid/services/db'

/**
 * Tops up to `target` natural-person providers of the borrower named
 * `<prefix>N` (e-mail `<prefix>N@bench.test`): each a `provider` member of
 * the borrower with one active contract whose PROVIDER part is the person.
 * Set-based (one statement); returns nothing, the users are found by
 * their e-mail prefix.
 */
export async function ensureProviderPeople(borrowerId: string, prefix: string, target: number) {
  const { rows } = await db.rawQuery('SELECT count(*)::int AS n FROM users WHERE email LIKE ?', [
    `${prefix}%@bench.test`,
  ])
  if (target <= rows[0].n) return
  await db.rawQuery(
    `WITH people AS (
       INSERT INTO users (id, name, email, created_at, updated_at)
       SELECT gen_random_uuid(), 'Prestador ' || n, ? || n || '@bench.test', now(), now()
         FROM generate_series(?::int + 1, ?::int) AS n
       RETURNING id, name
     ), members AS (
       INSERT INTO company_members (id, company_id, user_id, role, created_at, updated_at)
       SELECT gen_random_uuid(), ?, id, 'provider', now(), now() FROM people
     ), contracts_created AS (
       INSERT INTO contracts (id, company_id, name, status, progress, created_at, updated_at)
       SELECT gen_random_uuid(), ?, 'Contrato ' || name, 'active', 100, now(), now() FROM people
       RETURNING id, substring(name FROM 10) AS person
     )
     INSERT INTO contract_parts (id, contract_id, user_id, role, is_active, created_at, updated_at)
     SELECT gen_random_uuid(), c.id, p.id, 'PROVIDER', true, now(), now()
       FROM contracts_created c JOIN people p ON p.name = c.person`,
    [prefix, rows[0].n, target, borrowerId, borrowerId]
  )
}
