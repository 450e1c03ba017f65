import { scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { WorkflowSchema } from '#database/schema'

/**
 * A contract workflow: its `companyRole` decides the perspective of the
 * contracts created with it (the logged-in company's part role).
 *
 * Columns (database/schema.ts):
 * - `deadlineDays`: Days the parties have for a step (shown in e-mails as the deadline)
 */
export default class Workflow extends compose(WorkflowSchema, withUuidPrimaryKey) {
  /** Workflows of the company, soft-deleted ones left out */
  static ownedBy = scope((query, companyId: string) => {
    query.where('workflows.company_id', companyId).whereNull('workflows.deleted_at')
  })

  /** Tenant finder: another company's (or a deleted) workflow is 404 */
  static findOwned(companyId: string, id: string, trx?: TransactionClientContract) {
    const owned = Workflow.query({ client: trx }).withScopes((scopes) => scopes.ownedBy(companyId))
    return firstOrNotFound(owned.where('workflows.id', id), 'errors.workflow_not_found', trx)
  }
}
