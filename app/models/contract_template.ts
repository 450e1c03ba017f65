import { scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ContractTemplateSchema } from '#database/schema'

export interface TemplateVariable {
  name: string
  label: string | null
  type: string
  source: string
  required: boolean
}

/**
 * A contract template: HTML with `{{variable}}` placeholders and the
 * variables it declares.
 */
export default class ContractTemplate extends compose(ContractTemplateSchema, withUuidPrimaryKey) {
  static ownedBy = scope((query, companyId: string) => {
    query.where('company_id', companyId).whereNull('deleted_at')
  })

  /** Tenant finder: another company's (or a deleted) template is 404 */
  static findOwned(companyId: string, id: string, trx?: TransactionClientContract) {
    const owned = ContractTemplate.query({ client: trx }).withScopes((scopes) =>
      scopes.ownedBy(companyId)
    )
    return firstOrNotFound(owned.where('id', id), 'errors.template_not_found', trx)
  }
}
