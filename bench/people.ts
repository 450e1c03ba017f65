import db from '@adonisjs/lucid/services/db'

/**
 * Tops up to `target` natural-person providers of the borrower named
 * `<prefix>N` (e-mail `<prefix>N@bench.test`): each a `provider` member of
 * the borrower with one active contract whose PROVIDER part is the person.
 * The contract's ref is the person's e-mail. Set-based; returns nothing, the users are found by their e-mail prefix.
 * The parts go in a statement of their own: the BEFORE trigger on
 * contract_parts reads the contract to set the link fields, and a contract
 * inserted by the same statement's CTE is not visible to it yet.
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
       RETURNING id, name, email
     ), members AS (
       INSERT INTO company_members (id, company_id, user_id, role, created_at, updated_at)
       SELECT gen_random_uuid(), ?, id, 'provider', now(), now() FROM people
     )
     INSERT INTO contracts (id, company_id, name, ref, status, progress, created_at, updated_at)
     SELECT gen_random_uuid(), ?, 'Contrato ' || name, email, 'active', 100, now(), now()
       FROM people`,
    [prefix, rows[0].n, target, borrowerId, borrowerId]
  )
  await db.rawQuery(
    `INSERT INTO contract_parts (id, contract_id, user_id, role, is_active, created_at, updated_at)
     SELECT gen_random_uuid(), c.id, u.id, 'PROVIDER', true, now(), now()
       FROM users u
       JOIN contracts c ON c.company_id = ? AND c.ref = u.email
      WHERE u.email LIKE ?
        AND NOT EXISTS (SELECT 1 FROM contract_parts p WHERE p.contract_id = c.id)`,
    [borrowerId, `${prefix}%@bench.test`]
  )
}
