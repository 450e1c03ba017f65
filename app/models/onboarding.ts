import db from '@adonisjs/lucid/services/db'
import { belongsTo, hasMany, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo, HasMany } from '@adonisjs/lucid/types/relations'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Company from '#models/company'
import Contract from '#models/contract'
import User from '#models/user'
import OnboardingDocument from '#models/onboarding_document'
import OnboardingFormField from '#models/onboarding_form_field'
import OnboardingDownloadDocument from '#models/onboarding_download_document'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import { ConflictException } from '#exceptions/http_exceptions'
import type { ContractStatus } from '#enums/contract_status'
import { CLOSED_STATUSES } from '#support/contract_rules'
import { nowLocal } from '#support/clock'
import { OnboardingSchema } from '#database/schema'

/**
 * The onboarding of one provider in one contract: what the public link
 * (token) gives access to.
 *
 * Columns (database/schema.ts):
 * - `providerCompanyId`: Legal-entity provider (exactly one of providerCompanyId / providerUserId)
 * - `providerUserId`: Natural-person provider
 * - `tokenId`: jti of the current link token; a renewal draws a new one (earlier tokens die)
 */
export default class Onboarding extends compose(OnboardingSchema, withUuidPrimaryKey) {
  @belongsTo(() => Contract)
  declare contract: BelongsTo<typeof Contract>

  @belongsTo(() => Company, { foreignKey: 'borrowerCompanyId' })
  declare borrowerCompany: BelongsTo<typeof Company>

  @belongsTo(() => Company, { foreignKey: 'providerCompanyId' })
  declare providerCompany: BelongsTo<typeof Company>

  @belongsTo(() => User, { foreignKey: 'providerUserId' })
  declare providerUser: BelongsTo<typeof User>

  @hasMany(() => OnboardingDocument, { onQuery: (query) => query.orderBy('position') })
  declare documents: HasMany<typeof OnboardingDocument>

  @hasMany(() => OnboardingFormField, { onQuery: (query) => query.orderBy('position') })
  declare formFields: HasMany<typeof OnboardingFormField>

  @hasMany(() => OnboardingDownloadDocument, { onQuery: (query) => query.orderBy('position') })
  declare downloadDocuments: HasMany<typeof OnboardingDownloadDocument>

  /** The spec's providerId: company id (legal entity) or user id (natural person) */
  get providerId(): string {
    return (this.providerCompanyId ?? this.providerUserId)!
  }

  /** Past its expiry (whether or not the sweep has marked it yet) */
  get isExpired(): boolean {
    return this.status === 'expired' || this.expiresAt <= nowLocal()
  }

  /**
   * Reads the contract's status in the same query (`contractClosed`): the
   * public link costs one round trip.
   */
  static withContractStatus = scope((query) => {
    query
      .select('onboardings.*')
      .select(
        db
          .from('contracts')
          .select('status')
          .whereColumn('contracts.id', 'onboardings.contract_id')
          .as('contract_status')
      )
  })

  /** The contract is over (needs `withContractStatus`): the link and its files are gone */
  get contractClosed(): boolean {
    return CLOSED_STATUSES.includes(this.$extras.contract_status as ContractStatus)
  }

  /**
   * The onboarding whose link is alive with this token id: current token,
   * not expired, contract neither deleted nor closed. Files handed out
   * through the link are served only while this finds it.
   */
  static findLiveLink(onboardingId: string, tokenId: string) {
    return Onboarding.query()
      .where('id', onboardingId)
      .where('token_id', tokenId)
      .whereNot('status', 'expired')
      .where('expires_at', '>', nowLocal().toSQL()!)
      .whereHas('contract', (contract) =>
        contract
          .withScopes((scopes) => scopes.notDeleted())
          .whereNotIn('contracts.status', [...CLOSED_STATUSES])
      )
      .first()
  }

  /** The onboarding of a provider in a contract (company id or user id) */
  static forProvider(contractId: string, providerId: string, client?: QueryClientContract) {
    return Onboarding.query({ client })
      .where('contract_id', contractId)
      .where((query) =>
        query.where('provider_company_id', providerId).orWhere('provider_user_id', providerId)
      )
  }

  /** Onboardings of the borrower company whose contract is not deleted */
  static ofBorrower(borrowerId: string, trx?: TransactionClientContract) {
    return Onboarding.query({ client: trx })
      .where('onboardings.borrower_company_id', borrowerId)
      .whereHas('contract', (contract) => contract.withScopes((scopes) => scopes.notDeleted()))
  }

  /**
   * The onboarding of the request, locked for the change, and still open to
   * the provider: a submitted onboarding is read-only until the borrower
   * rejects one of its documents (409).
   */
  static async lockOpen(onboardingId: string, trx: TransactionClientContract) {
    const onboarding = await Onboarding.query({ client: trx })
      .where('id', onboardingId)
      .forUpdate()
      .firstOrFail()
    if (onboarding.status === 'submitted') {
      throw new ConflictException(ONBOARDING_MESSAGES.alreadySubmitted)
    }
    return onboarding
  }
}
