import { DateTime } from 'luxon'
import { BaseModel, belongsTo, column, scope } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Contract from '#models/contract'
import Company from '#models/company'
import User from '#models/user'
import CompanyMember from '#models/company_member'
import { isProvider } from '#enums/roles'
import type { ContractType, PartRole } from '#enums/contract_status'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#exceptions/http_exceptions'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import { SIGNED_OPEN_STATUSES } from '#support/contract_rules'
import { periodsAt } from '#support/hours'
import { queryTeamLinks, type TeamLinkRow } from '#models/queries/team_links'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { withTimestamps } from '#models/mixins/with_timestamps'

/** A provider has few links with one borrower; this bounds the team finder */
const MAX_TEAM_LINKS = 100

/**
 * A part of a contract (the "link"): a company (legal entity, acted for
 * by its owner) or a user (natural person), never both.
 */
export default class ContractPart extends compose(BaseModel, withUuidPrimaryKey, withTimestamps) {
  @column()
  declare contractId: string

  @column()
  declare companyId: string | null

  @column()
  declare userId: string | null

  /** Stored from the workflow perspective at creation, never recomputed */
  @column()
  declare role: PartRole

  /** pt-BR money text as given (`1.000,00`) */
  @column()
  declare value: string | null

  /** bigint in the database: consumed as a number (cents fit easily) */
  @column({ consume: (value) => (value === null ? null : Number(value)) })
  declare valueCents: number | null

  @column()
  declare contractType: ContractType | null

  @column()
  declare monthlyHours: number | null

  @column()
  declare isActive: boolean

  @belongsTo(() => Contract)
  declare contract: BelongsTo<typeof Contract>

  @belongsTo(() => Company)
  declare company: BelongsTo<typeof Company>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** The provider id of the spec: company id (legal entity) or user id (natural person) */
  get providerId(): string {
    return (this.companyId ?? this.userId)!
  }

  /**
   * PROVIDER parts the user acts for: its natural-person parts and the
   * parts of the companies it owns, with those identities already read
   * (`CompanyMember.providerIdsOf`: the user id first, then the owned
   * company ids). The ids are constants of the statement, so the planner
   * probes the (user_id, role) and (company_id, role) indexes with real
   * estimates; with the owned ids as a subquery inside the OR it scanned
   * every part (hashed SubPlan filter).
   */
  static actedForIds = scope((query, providerIds: string[]) => {
    const [userId, ...companyIds] = providerIds
    query.where('contract_parts.role', 'PROVIDER').where((owner) => {
      owner.where('contract_parts.user_id', userId)
      if (companyIds.length > 0) owner.orWhereIn('contract_parts.company_id', companyIds)
    })
  })

  /** The part of one provider identity: its company id (legal entity) or user id (person) */
  static ofProvider = scope((query, providerId: string) => {
    query.where((identity) => {
      identity
        .where('contract_parts.company_id', providerId)
        .orWhere('contract_parts.user_id', providerId)
    })
  })

  /**
   * The links (PROVIDER parts) of a user acting as provider in a borrower
   * company: its natural-person parts and the parts of the companies it
   * owns (a legal entity is acted for by its owner); `providerIds` as
   * `CompanyMember.providerIdsOf` reads them.
   */
  static providerLinksOf(
    borrowerId: string,
    providerIds: string[],
    trx?: TransactionClientContract
  ) {
    return ContractPart.query({ client: trx })
      .withScopes((scopes) => scopes.actedForIds(providerIds))
      .whereHas('contract', (contract) =>
        contract.withScopes((scopes) => scopes.ownedBy(borrowerId))
      )
  }

  /**
   * The active link of the caller (part active, contract `active`), the
   * newest first; `providerId` picks one identity (user or company). The
   * contract is not preloaded (its callers use the link's ids only).
   */
  static async activeProviderLink(
    borrowerId: string,
    userId: string,
    providerId?: string,
    trx?: TransactionClientContract
  ) {
    const providerIds = await CompanyMember.providerIdsOf(userId, trx)
    return ContractPart.providerLinksOf(borrowerId, providerIds, trx)
      .where('contract_parts.is_active', true)
      .whereHas('contract', (contract) => contract.where('status', 'active'))
      .if(providerId, (query) => query.withScopes((scopes) => scopes.ofProvider(providerId!)))
      .orderBy('contract_parts.created_at', 'desc')
      .first()
  }

  /**
   * B1's active contract of the caller: an active link of a signed
   * contract in force (`active`) or about to start (`completed`); one in
   * force wins, then the newest link.
   */
  static async signedProviderLink(borrowerId: string, userId: string) {
    const providerIds = await CompanyMember.providerIdsOf(userId)
    return ContractPart.providerLinksOf(borrowerId, providerIds)
      .where('contract_parts.is_active', true)
      .join('contracts as signed', 'signed.id', 'contract_parts.contract_id')
      .whereIn('signed.status', [...SIGNED_OPEN_STATUSES])
      .preload('contract')
      .orderByRaw(`(signed.status = 'active') DESC`)
      .orderBy('contract_parts.created_at', 'desc')
      .select('contract_parts.*')
      .first()
  }

  /**
   * Closing a contract (cancel, ARCHIVED/DONE, the sweep's active ->
   * finished) settles its links: every part becomes inactive in the same
   * transaction, so B4, E1/E2, F and the compliance lists show the
   * contract as over. Closed statuses are final, so this never reverts.
   */
  static async settleLinksOf(contractIds: string[], trx: TransactionClientContract) {
    if (contractIds.length === 0) return
    await trx
      .from('contract_parts')
      .whereRaw('contract_id = ANY(?::uuid[])', [contractIds])
      .where('is_active', true)
      .update({ is_active: false, updated_at: trx.raw('now()') })
  }

  /** The ids of every link of the caller in the borrower (active or not) */
  static async providerLinkIds(
    borrowerId: string,
    userId: string,
    trx?: TransactionClientContract
  ) {
    const providerIds = await CompanyMember.providerIdsOf(userId, trx)
    const parts = await ContractPart.providerLinksOf(borrowerId, providerIds, trx).select(
      'contract_parts.id'
    )
    return parts.map((part) => part.id)
  }

  /**
   * The company's links: the parts that are its counterparty in its live
   * contracts. `counterparty_of` is set by the database from the stored
   * roles (not the owner's own part, not NEUTRAL; see the migration
   * add_link_fields_to_contract_parts): with a `provider` workflow the
   * counterparty is the BORROWER part, so "every PROVIDER part" would list
   * the company as its own provider.
   */
  static counterpartyOf = scope((query, companyId: string) => {
    query.where('contract_parts.counterparty_of', companyId)
  })

  /** The company's links (its counterparties), see `counterpartyOf` */
  static counterpartyPartsOf(companyId: string, trx?: TransactionClientContract) {
    return ContractPart.query({ client: trx }).withScopes((scopes) =>
      scopes.counterpartyOf(companyId)
    )
  }

  /** The links of a provider company (legal entity) with a borrower */
  static providerLinksOfCompany(
    borrowerId: string,
    companyId: string,
    trx?: TransactionClientContract
  ) {
    return ContractPart.counterpartyPartsOf(borrowerId, trx).where(
      'contract_parts.company_id',
      companyId
    )
  }

  /**
   * The link ids of a provider (`providerId` = company id or user id) in
   * the context company; a provider may only ask for its own identities.
   */
  static async providerPartIds(membership: CompanyMember, providerId: string) {
    const query = isProvider(membership.role)
      ? ContractPart.providerLinksOf(
          membership.companyId,
          await CompanyMember.providerIdsOf(membership.userId)
        )
      : ContractPart.counterpartyPartsOf(membership.companyId)
    const parts = await query
      .withScopes((scopes) => scopes.ofProvider(providerId))
      .select('contract_parts.id')
    return parts.map((part) => part.id)
  }

  /** The PROVIDER parts of a contract, oldest first */
  static providersOfContract(contractId: string, trx: TransactionClientContract) {
    return ContractPart.query({ client: trx })
      .where('contract_id', contractId)
      .where('role', 'PROVIDER')
      .orderBy('created_at', 'asc')
  }

  /** The PROVIDER part of one provider (company id or user id) in a contract, or null */
  static providerPartOf(contractId: string, providerId: string, trx: TransactionClientContract) {
    return ContractPart.providersOfContract(contractId, trx)
      .withScopes((scopes) => scopes.ofProvider(providerId))
      .first()
  }

  /**
   * The counterparty parts of one contract, seen from its company (spec,
   * Contract authoring: Perspective), by the same rule as the company's
   * links (`counterparty_of`, set by the database): the PROVIDER parts
   * with a `borrower` workflow (or none), the BORROWER part with a
   * `provider` one; never the company's own part nor a NEUTRAL one.
   */
  static counterpartyPartsOfContract(contract: { id: string }, client?: QueryClientContract) {
    return ContractPart.query({ client })
      .where('contract_parts.contract_id', contract.id)
      .whereNotNull('contract_parts.counterparty_of')
  }

  /** Tenant finder: the PROVIDER part of the contract whose company or user id is providerId */
  static async findProviderOf(
    contractId: string,
    providerId: string,
    trx: TransactionClientContract
  ) {
    return firstOrNotFound(
      ContractPart.providersOfContract(contractId, trx).where((query) =>
        query.where('company_id', providerId).orWhere('user_id', providerId)
      ),
      ONBOARDING_MESSAGES.providerNotFound
    )
  }

  /**
   * Tenant finder of the team (E2, E3, E5, E6): the links of one member
   * (company id or user id) or one link (part id) of the borrower, with
   * their hour totals at `now`; 404 when there is none.
   */
  static async findTeamLinks(
    borrower: Company,
    target: { memberId: string } | { partId: string },
    now: DateTime,
    trx?: TransactionClientContract
  ) {
    const { rows } = await queryTeamLinks(
      { borrowerId: borrower.id },
      { ...target, page: 1, pageSize: MAX_TEAM_LINKS },
      periodsAt(now, borrower.timezone),
      trx
    )
    if (rows.length === 0) {
      throw new NotFoundException(
        'partId' in target ? 'errors.link_not_found' : 'errors.member_not_found'
      )
    }
    return rows
  }

  /** The member's primary link: the one with the active contract, else the newest one */
  static primaryLinkOf(rows: TeamLinkRow[]): TeamLinkRow {
    const active = rows.find((row) => row.is_active && row.contract_status === 'active')
    if (active) return active
    return [...rows].sort((a, b) => b.part_created_at.getTime() - a.part_created_at.getTime())[0]
  }

  /**
   * Tenant finder of a team member (E7, E9): a counterparty of any live
   * contract of the company (one of its links), or with an attached flow;
   * else 404.
   */
  static async assertKnownProvider(companyId: string, providerId: string) {
    const row = await ContractPart.counterpartyPartsOf(companyId)
      .withScopes((scopes) => scopes.ofProvider(providerId))
      .select('contract_parts.id')
      .union((attached) =>
        attached
          .from('provider_compliance_flows')
          .where('company_id', companyId)
          .where('provider_id', providerId)
          .select('id')
      )
      .pojo()
      .first()
    if (!row) throw new NotFoundException('errors.member_not_found')
  }
}
