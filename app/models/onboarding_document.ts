import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Onboarding from '#models/onboarding'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { OnboardingDocumentSchema } from '#database/schema'

/**
 * A document the provider must upload (spec: OnboardingDocument)
 *
 * Columns (database/schema.ts):
 * - `sourceRequirementId`: The contract's document requirement it was upserted from, if any
 * - `acceptedFormats`: Extensions without dot, lowercase
 * - `maxFileSize`: Bytes
 * - `filePath`: Drive key (private disk)
 */
export default class OnboardingDocument extends compose(
  OnboardingDocumentSchema,
  withUuidPrimaryKey
) {
  @belongsTo(() => Onboarding)
  declare onboarding: BelongsTo<typeof Onboarding>

  /**
   * The onboarding document fed into the contract file of (requirement,
   * provider part), locked, with its onboarding; null when the provider
   * has no onboarding document for that requirement (a borrower upload).
   */
  static fedInto(
    file: { contractId: string; documentId: string },
    part: { companyId: string | null; userId: string | null },
    trx: TransactionClientContract
  ) {
    return OnboardingDocument.query({ client: trx })
      .where('source_requirement_id', file.documentId)
      .whereHas('onboarding', (onboarding) =>
        onboarding
          .where('contract_id', file.contractId)
          .where((provider) =>
            part.companyId
              ? provider.where('provider_company_id', part.companyId)
              : provider.where('provider_user_id', part.userId!)
          )
      )
      .preload('onboarding')
      .forUpdate()
      .first()
  }

  /** Tenant finder: a document of that onboarding only (another onboarding's id is 404), locked */
  static async findOwned(onboardingId: string, documentId: string, trx: TransactionClientContract) {
    return firstOrNotFound(
      OnboardingDocument.query({ client: trx })
        .where('onboarding_id', onboardingId)
        .where('id', documentId),
      ONBOARDING_MESSAGES.documentNotFound,
      trx
    )
  }
}
