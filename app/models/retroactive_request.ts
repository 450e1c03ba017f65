import { DateTime } from 'luxon'
import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ContractPart from '#models/contract_part'
import User from '#models/user'
import type CompanyMember from '#models/company_member'
import { visibleToMember } from '#models/queries/visible_to_member'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ConflictException } from '#exceptions/http_exceptions'
import { RetroactiveRequestSchema } from '#database/schema'

export interface RequestedTask {
  description: string
  durationMinutes: number
}

/**
 * A provider's request to log a past day; approving it creates the work
 * entry. The tasks are kept as given until then.
 */
export default class RetroactiveRequest extends compose(
  RetroactiveRequestSchema,
  withUuidPrimaryKey
) {
  @belongsTo(() => ContractPart)
  declare contractPart: BelongsTo<typeof ContractPart>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /**
   * Tenant finder scope of hours: the borrower side sees every request of
   * its company, a provider only its own (anything else is 404).
   */
  static visibleTo(membership: CompanyMember, trx?: TransactionClientContract) {
    return visibleToMember(
      RetroactiveRequest.query({ client: trx }),
      'retroactive_requests',
      membership
    )
  }

  /** Tenant finder: one request visible to the caller, 404 otherwise (locked in a transaction) */
  static async findVisible(membership: CompanyMember, id: string, trx?: TransactionClientContract) {
    return firstOrNotFound(
      RetroactiveRequest.visibleTo(membership, trx).where('retroactive_requests.id', id),
      'errors.retroactive_request_not_found',
      trx
    )
  }

  /**
   * Tenant finder of the approve / decline: a visible request still
   * pending (409 once decided), locked, with its user and contract part
   */
  static async findPending(membership: CompanyMember, id: string, trx: TransactionClientContract) {
    const request = await RetroactiveRequest.findVisible(membership, id, trx)
    if (request.status !== 'pending') {
      throw new ConflictException('errors.request_already_decided', {
        data: { status: request.status },
      })
    }
    await request.load((loader) => loader.load('user').load('contractPart'))
    return request
  }

  /** Closes the request as decided by `reviewer` at `at` (in the caller's transaction) */
  async decide(
    reviewer: User,
    at: DateTime,
    changes: Partial<Pick<RetroactiveRequest, 'status' | 'workEntryId' | 'declineReason'>>,
    trx: TransactionClientContract
  ) {
    this.useTransaction(trx)
    ;(this as RetroactiveRequest).merge(changes)
    this.reviewedBy = reviewer.id
    this.reviewedAt = at
    await this.save()
  }
}
