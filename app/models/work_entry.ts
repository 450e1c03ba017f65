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
import type { PartIdsSql } from '#models/queries/contract_part_query'
import { fromRowJson, rowJsonSql } from '#models/queries/row_json'
import { runListStatement, type BuiltQueryPlan } from '#support/prepared_statement'
import db from '@adonisjs/lucid/services/db'

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

  /**
   * The entries of a month (`YYYY-MM`) of the links `parts` (a subquery of
   * their ids), by date, each with its tasks (by position) and its link,
   * in one statement: a row per task, the entry and its link beside it
   * (each row as JSON: rowJsonSql).
   * As three statements (the entries, then the tasks and the links by
   * their ids) each ran in 0.03 ms and their round trips cost ten times
   * that. `plan`: the provider's (CompanyMember.providerIdentitiesOf).
   */
  static async ofLinksInMonth(parts: PartIdsSql, month: string, plan: BuiltQueryPlan) {
    const { rows } = await runListStatement(
      db.rawQuery(
        `SELECT ${rowJsonSql('we')} AS we, ${rowJsonSql('cp')} AS cp, ${rowJsonSql('t')} AS t
           FROM work_entries we
           JOIN contract_parts cp ON cp.id = we.contract_part_id
           LEFT JOIN work_entry_tasks t ON t.work_entry_id = we.id
          WHERE we.contract_part_id IN (${parts.sql})
            AND we.date BETWEEN ?::date AND (?::date + interval '1 month' - interval '1 day')
          ORDER BY we.date, we.id, t.position, t.id`,
        [...parts.bindings, `${month}-01`, `${month}-01`]
      ),
      plan
    )
    const entries: WorkEntry[] = []
    for (const row of rows) {
      const last = entries.at(-1)
      const entry = last && last.id === row.we.id ? last : fromRowJson(WorkEntry, row.we)!
      if (entry !== last) {
        entry.$setRelated('contractPart', fromRowJson(ContractPart, row.cp)!)
        entry.$setRelated('tasks', [])
        entries.push(entry)
      }
      const task = fromRowJson(WorkEntryTask, row.t)
      if (task) entry.tasks.push(task)
    }
    return entries
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
