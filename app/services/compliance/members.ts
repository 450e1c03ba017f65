import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UnprocessableException } from '#exceptions/http_exceptions'
import { BORROWER_SIDE_ROLES } from '#enums/roles'

/**
 * Validators and immediate leaders must be borrower-side members (owner,
 * admin, borrower, user) of the company: never providers, never users of
 * another company (422 naming the ids).
 */
export async function assertBorrowerSideUsers(
  companyId: string,
  userIds: string[],
  message: string,
  trx: TransactionClientContract
) {
  const ids = [...new Set(userIds)]
  if (!ids.length) return
  const rows: { user_id: string }[] = await trx
    .from('company_members')
    .where('company_id', companyId)
    .whereIn('role', [...BORROWER_SIDE_ROLES])
    .whereIn('user_id', ids)
    .select('user_id')
  const found = new Set(rows.map((row) => row.user_id))
  const missing = ids.filter((id) => !found.has(id))
  if (missing.length)
    throw new UnprocessableException(message, { data: { ids: missing.join(', ') } })
}
