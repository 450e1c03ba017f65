import type { ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import type ContractPart from '#models/contract_part'

/** The text of a subquery of part ids and its bindings (`?` placeholders) */
export interface PartIdsSql {
  sql: string
  bindings: unknown[]
}

/** A query of parts: the model's own, or a relation's (a preload of `parts`) */
type PartQuery = ModelQueryBuilderContract<typeof ContractPart, any>

/**
 * The one way to select contract parts (the "links"): each method adds one
 * condition, in the order called (the statement's text follows the calls,
 * so a hot list keeps its statement), and `query` finishes it with Lucid
 * (select, order, first, preload...). Start with `ContractPart.links()`,
 * or `ContractPartQuery.on(query)` inside a preload or a subquery.
 *
 *   ContractPart.links(trx).actedFor(providerIds).ofBorrower(borrowerId).active().query
 */
export class ContractPartQuery<Query extends PartQuery = PartQuery> {
  constructor(readonly query: Query) {}

  static on<Query extends PartQuery>(query: Query) {
    return new ContractPartQuery(query)
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
  actedFor(providerIds: string[]) {
    const [userId, ...companyIds] = providerIds
    this.query.where('contract_parts.role', 'PROVIDER').where((owner) => {
      owner.where('contract_parts.user_id', userId)
      if (companyIds.length > 0) owner.orWhereIn('contract_parts.company_id', companyIds)
    })
    return this
  }

  /** Parts of the borrower company's contracts (not deleted) */
  ofBorrower(borrowerId: string) {
    this.query.whereHas('contract', (contract) =>
      contract.withScopes((scopes) => scopes.ownedBy(borrowerId))
    )
    return this
  }

  /**
   * The company's links: the parts that are its counterparty in its live
   * contracts. `counterparty_of` is set by the database from the stored
   * roles (not the owner's own part, not NEUTRAL; see the migration
   * add_link_fields_to_contract_parts): with a `provider` workflow the
   * counterparty is the BORROWER part, so "every PROVIDER part" would list
   * the company as its own provider.
   */
  counterpartyOf(companyId: string) {
    this.query.where('contract_parts.counterparty_of', companyId)
    return this
  }

  /**
   * The counterparty parts of the contract, seen from its company (spec,
   * Contract authoring: Perspective), by the same rule as `counterpartyOf`:
   * the PROVIDER parts with a `borrower` workflow (or none), the BORROWER
   * part with a `provider` one; never the company's own part nor a NEUTRAL one.
   */
  counterparties() {
    this.query.whereNotNull('contract_parts.counterparty_of')
    return this
  }

  /** The part of one provider identity: its company id (legal entity) or user id (person) */
  ofProvider(providerId: string) {
    this.query.where((identity) => {
      identity
        .where('contract_parts.company_id', providerId)
        .orWhere('contract_parts.user_id', providerId)
    })
    return this
  }

  /** A legal entity's parts (its company id) */
  ofCompany(companyId: string) {
    this.query.where('contract_parts.company_id', companyId)
    return this
  }

  ofContract(contractId: string) {
    this.query.where('contract_parts.contract_id', contractId)
    return this
  }

  /** PROVIDER parts */
  providers() {
    this.query.where('contract_parts.role', 'PROVIDER')
    return this
  }

  /** Active parts (a closed contract settles its parts inactive) */
  active() {
    this.query.where('contract_parts.is_active', true)
    return this
  }

  /**
   * The ids of the parts selected as a subquery (`whereIn(column, ...)`,
   * or a binding of a raw statement: `IN ?`), never read into the
   * process: a provider company may hold 180,000 links of one borrower,
   * whose ids bound one by one passed PostgreSQL's 65,535 parameters.
   */
  idsQuery() {
    return this.query.clone().select('contract_parts.id')
  }

  /** `idsQuery()` as the text and bindings of a raw statement's subquery: `IN (${sql})` */
  idsSql(): PartIdsSql {
    const { sql, bindings } = this.idsQuery().toSQL()
    return { sql, bindings: [...bindings] }
  }

  /** The ids of the parts selected */
  async ids() {
    const parts: ContractPart[] = await this.query.select('contract_parts.id')
    return parts.map((part) => part.id)
  }
}
