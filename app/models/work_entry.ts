import { belongsTo, hasMany } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import ContractPart from '#models/contract_part'
import User from '#models/user'
import WorkEntryTask from '#models/work_entry_task'
import type CompanyMember from '#models/company_member'
import { visibleToMember } from '#models/queries/visible_to_member'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { WorkEntrySchema } from '#database/schema'

/**
 * A day of work of a provider on a link (contract part) of a borrower
 * company, logged by the provider user. One per (link, day).
 *
 * Columns (database/schema.ts):
 * - `companyId`: The borrower company (tenant)
 * - `userId`: The provider user who logged it (the owner user for a legal entity)
 */
export default class WorkEntry extends compose(WorkEntrySchema, withUuidPrimaryKey) {
  @belongsTo(() => ContractPart)
  declare contractPart: BelongsTo<typeof ContractPart>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  @hasMany(() => WorkEntryTask)
  declare tasks: HasMany<typeof WorkEntryTask>

  /**
   * Tenant finder scope of hours: the borrower side sees every entry of
   * its company, a provider only its own (anything else is 404).
   */
  static visibleTo(membership: CompanyMember, trx?: TransactionClientContract) {
    return visibleToMember(WorkEntry.query({ client: trx }), 'work_entries', membership)
  }

  /** Tenant finder: one entry visible to the caller with its tasks, 404 otherwise (locked in a transaction) */
  static async findVisible(membership: CompanyMember, id: string, trx?: TransactionClientContract) {
    return firstOrNotFound(
      WorkEntry.visibleTo(membership, trx)
        .where('work_entries.id', id)
        .preload('tasks', (tasks) => tasks.orderBy('position'))
        .preload('contractPart'),
      'errors.work_entry_not_found',
      trx
    )
  }
}
