import { belongsTo, hasMany, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Company from '#models/company'
import Workflow from '#models/workflow'
import ContractPart from '#models/contract_part'
import CompanyMember, { type ProviderIdentities } from '#models/company_member'
import ContractHistory from '#models/contract_history'
import ContractTemplate from '#models/contract_template'
import ContractPartGroup from '#models/contract_part_group'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractReviewer from '#models/contract_reviewer'
import ContractSignatureGroup from '#models/contract_signature_group'
import ContractVariableValue from '#models/contract_variable_value'
import ContractUploadedFile from '#models/contract_uploaded_file'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ContractPartQuery } from '#models/queries/contract_part_query'
import { UNPUBLISHED_STATUSES } from '#support/contract_rules'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import { ContractSchema } from '#database/schema'
import { plannedAs } from '#support/prepared_statement'

/** The 404 of a contract that is not the company's (translated, see resources/lang) */
export const CONTRACT_NOT_FOUND = 'errors.contract_not_found'

/**
 * Columns (database/schema.ts):
 * - `companyId`: The owner company (the logged-in company that created it)
 * - `snapshot`: The rest of the save payload (H3/H4), kept as given
 * - `deadlineAt`: Deadline of the parties (published / signing), from the workflow's deadlineDays
 * - `documentHash`: SHA-256 of the document text under signature (fixed when signing starts)
 */
export default class Contract extends compose(ContractSchema, withUuidPrimaryKey) {
  @belongsTo(() => Company)
  declare company: BelongsTo<typeof Company>

  @belongsTo(() => Workflow)
  declare workflow: BelongsTo<typeof Workflow>

  @hasMany(() => ContractPart)
  declare parts: HasMany<typeof ContractPart>

  @hasMany(() => ContractHistory)
  declare history: HasMany<typeof ContractHistory>

  @belongsTo(() => ContractTemplate, { foreignKey: 'templateId' })
  declare template: BelongsTo<typeof ContractTemplate>

  @hasMany(() => ContractPartGroup)
  declare partGroups: HasMany<typeof ContractPartGroup>

  @hasMany(() => ContractDocumentRequirement)
  declare documents: HasMany<typeof ContractDocumentRequirement>

  @hasMany(() => ContractReviewer)
  declare reviewers: HasMany<typeof ContractReviewer>

  @hasMany(() => ContractSignatureGroup)
  declare signatureGroups: HasMany<typeof ContractSignatureGroup>

  @hasMany(() => ContractVariableValue)
  declare variableValues: HasMany<typeof ContractVariableValue>

  @hasMany(() => ContractUploadedFile)
  declare uploadedFiles: HasMany<typeof ContractUploadedFile>

  /** Soft-deleted contracts are excluded everywhere: always start from this scope */
  static notDeleted = scope((query) => {
    query.whereNull('contracts.deleted_at')
  })

  /** Contracts owned by the company (tenant finder) */
  static ownedBy = scope((query, companyId: string) => {
    query.where('contracts.company_id', companyId).whereNull('contracts.deleted_at')
  })

  /**
   * Tenant finder: a contract of another company (or deleted) is 404 with
   * `message` (the onboarding routes answer in Portuguese); locked when read
   * in a transaction.
   */
  static async findOwned(
    companyId: string,
    id: string,
    trx?: TransactionClientContract,
    message = CONTRACT_NOT_FOUND
  ) {
    return firstOrNotFound(Contract.ownedQuery(companyId, id, trx), message, trx)
  }

  private static ownedQuery(companyId: string, id: string, trx?: TransactionClientContract) {
    return Contract.query({ client: trx })
      .withScopes((scopes) => scopes.ownedBy(companyId))
      .where('contracts.id', id)
  }

  /** `findOwned` for the onboarding routes (H16-H20), whose 404 is `Contrato não encontrado` */
  static findForOnboarding(companyId: string, id: string, trx?: TransactionClientContract) {
    return Contract.findOwned(companyId, id, trx, ONBOARDING_MESSAGES.contractNotFound)
  }

  /**
   * Contracts of the context (borrower) company where the user acts as a
   * provider part (`ContractPartQuery.actedFor`, the identities of
   * `CompanyMember.providerIdentitiesOf`), published ones only, each with
   * the provider's parts preloaded (planned as its links say). The parts
   * are found by index first (a provider has few), so a borrower's many
   * contracts are not each probed.
   */
  static ofProvider(companyId: string, provider: ProviderIdentities) {
    return Contract.publishedOfProvider(companyId, provider.ids).preload('parts', (parts) =>
      plannedAs(Contract.providerPartsOn(parts, provider.ids), provider.plan)
    )
  }

  /** `ofProvider` without its parts (read with each row, `providerPartOfRow`) */
  static publishedOfProvider(companyId: string, providerIds: string[]) {
    return Contract.query()
      .withScopes((scopes) => scopes.ownedBy(companyId))
      .whereNotIn('contracts.status', [...UNPUBLISHED_STATUSES])
      .whereIn(
        'contracts.id',
        ContractPart.links().actedFor(providerIds).query.select('contract_parts.contract_id')
      )
  }

  /**
   * The provider's oldest part of the contract in the row `alias` (at most
   * one row): for a statement that reads each page row's part in place (B4)
   */
  static providerPartOfRow(providerIds: string[], alias: string) {
    return Contract.providerPartsOn(ContractPart.query(), providerIds)
      .whereRaw(`contract_parts.contract_id = ${alias}.id`)
      .limit(1)
  }

  private static providerPartsOn<Query extends ModelQueryBuilderContract<typeof ContractPart, any>>(
    parts: Query,
    providerIds: string[]
  ) {
    return ContractPartQuery.on(parts).actedFor(providerIds).query.orderBy('created_at')
  }

  /** Tenant finder of the provider side: one provider contract with its uploaded files, else 404 */
  static async findForProvider(companyId: string, userId: string, id: string) {
    const provider = await CompanyMember.providerIdentitiesOf(userId)
    const providerIds = provider.ids
    return firstOrNotFound(
      Contract.ofProvider(companyId, provider)
        .where('contracts.id', id)
        .preload('uploadedFiles', (files) =>
          files
            .whereIn(
              'part_id',
              ContractPart.links().actedFor(providerIds).ofContract(id).query.select('id')
            )
            .preload('document')
            .orderBy('uploaded_at')
        ),
      'errors.contract_not_found'
    )
  }
}
