import { DateTime } from 'luxon'
import { belongsTo } from '@adonisjs/lucid/orm'
import { compose } from '@adonisjs/core/helpers'
import type { BelongsTo } from '@adonisjs/lucid/types/relations'
import { withUuidPrimaryKey } from '#models/mixins/with_uuid_primary_key'
import Contract from '#models/contract'
import Company from '#models/company'
import User from '#models/user'
import CompanyMember, { type ProviderIdentities } from '#models/company_member'
import { isProvider } from '#enums/roles'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#exceptions/http_exceptions'
import { ONBOARDING_MESSAGES } from '#support/onboarding'
import { SIGNED_OPEN_STATUSES } from '#support/contract_rules'
import { periodsAt } from '#support/hours'
import { queryTeamLinks, type TeamLinkRow } from '#models/queries/team_links'
import { firstOrNotFound } from '#models/queries/first_or_not_found'
import { ContractPartQuery } from '#models/queries/contract_part_query'
import { ContractPartSchema } from '#database/schema'
import { plannedAs } from '#support/prepared_statement'
import type { ContractStatus } from '#enums/contract_status'

/** A provider has few links with one borrower; this bounds the team finder */
const MAX_TEAM_LINKS = 100

/** B1's contract of a provider's signed link (ContractPart.signedProviderContract) */
export interface SignedProviderContract {
  id: string
  status: ContractStatus
}

/**
 * A part of a contract (the "link"): a company (legal entity, acted for
 * by its owner) or a user (natural person), never both.
 *
 * Columns (database/schema.ts):
 * - `role`: Stored from the workflow perspective at creation, never recomputed
 * - `value`: pt-BR money text as given (`1.000,00`)
 * - `valueCents`: bigint in the database: consumed as a number (cents fit easily)
 */
export default class ContractPart extends compose(ContractPartSchema, withUuidPrimaryKey) {
  @belongsTo(() => Contract)
  declare contract: BelongsTo<typeof Contract>

  @belongsTo(() => Company)
  declare company: BelongsTo<typeof Company>

  @belongsTo(() => User)
  declare user: BelongsTo<typeof User>

  /** Selects parts by composable conditions (ContractPartQuery) */
  static links(client?: QueryClientContract) {
    return ContractPartQuery.on(ContractPart.query({ client }))
  }

  /** The provider id of the spec: company id (legal entity) or user id (natural person) */
  get providerId(): string {
    return (this.companyId ?? this.userId)!
  }

  /**
   * The active link of the caller (`member`: its membership in the
   * borrower; part active, contract `active`), the newest first;
   * `providerId` picks one identity (user or company). The contract is
   * not preloaded (its callers use the link's ids only).
   * Prepared for a provider of few links (providerIdentitiesOf): planned
   * on each run, it cost 0.64 ms of planning an hours entry.
   */
  static async activeProviderLink(
    member: CompanyMember,
    providerId?: string,
    trx?: TransactionClientContract
  ) {
    const provider = await member.providerIdentities(trx)
    const links = ContractPart.links(trx)
      .actedFor(provider.ids)
      .ofBorrower(member.companyId)
      .active()
    links.query.whereHas('contract', (contract) => contract.where('status', 'active'))
    if (providerId) links.ofProvider(providerId)
    return plannedAs(
      links.query.orderBy('contract_parts.created_at', 'desc'),
      provider.plan
    ).first()
  }

  /**
   * B1's active contract of the caller (its id and status, read with the
   * link): an active link of a signed contract in force (`active`) or
   * about to start (`completed`); one in force wins, then the newest link.
   * `provider`: CompanyMember.providerIdentitiesOf of the caller.
   */
  static signedProviderContract(
    borrowerId: string,
    provider: ProviderIdentities
  ): Promise<SignedProviderContract | null> {
    return plannedAs(ContractPart.signedProviderContractQuery(borrowerId, provider), provider.plan)
      .pojo<SignedProviderContract>()
      .first()
  }

  /** signedProviderContract's query (at most one row), for a statement that reads it in place (B10) */
  static signedProviderContractQuery(borrowerId: string, provider: ProviderIdentities) {
    return ContractPart.links()
      .actedFor(provider.ids)
      .ofBorrower(borrowerId)
      .active()
      .query.join('contracts as signed', 'signed.id', 'contract_parts.contract_id')
      .whereIn('signed.status', [...SIGNED_OPEN_STATUSES])
      .orderByRaw(`(signed.status = 'active') DESC`)
      .orderBy('contract_parts.created_at', 'desc')
      .select('signed.id', 'signed.status')
      .limit(1)
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

  /**
   * The links of a provider (`providerId` = company id or user id) in the
   * context company (`idsQuery()`: a subquery of their ids); a provider may
   * only ask for its own identities.
   */
  static async providerParts(membership: CompanyMember, providerId: string) {
    const links = isProvider(membership.role)
      ? ContractPart.links()
          .actedFor(await CompanyMember.providerIdsOf(membership.userId))
          .ofBorrower(membership.companyId)
      : ContractPart.links().counterpartyOf(membership.companyId)
    return links.ofProvider(providerId)
  }

  /** Tenant finder: the PROVIDER part of the contract whose company or user id is providerId */
  static async findProviderOf(
    contractId: string,
    providerId: string,
    trx: TransactionClientContract
  ) {
    return firstOrNotFound(
      ContractPart.links(trx)
        .ofContract(contractId)
        .providers()
        .ofProvider(providerId)
        .query.orderBy('contract_parts.created_at', 'asc'),
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
    const row = await ContractPart.links()
      .counterpartyOf(companyId)
      .ofProvider(providerId)
      .query.select('contract_parts.id')
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
