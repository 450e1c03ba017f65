import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import type { InvitedCompany } from '#models/user_invitation'
import CreateInvitation from '#actions/team/create_invitation'
import ContractPart from '#models/contract_part'
import { BadRequestException } from '#exceptions/http_exceptions'
import type { inviteTeamMemberValidator } from '#validators/team'

type Params = Infer<typeof inviteTeamMemberValidator>

/**
 * What E4 did: `registered` when the borrower registered a new person and
 * company (its own invitee, real records); `person` when only the person
 * is new (the CNPJ has a verified holder, which the answer must not
 * reveal); `requested` when the typed e-mail belongs to an existing
 * account, which only got a pending invitation (the caller learns nothing
 * of it).
 */
export type InviteOutcome =
  | { kind: 'registered'; user: User; company: Company }
  | { kind: 'person'; user: User }
  | { kind: 'requested' }

/**
 * E4. The invitation goes to the e-mail address the borrower typed, and
 * only there (docs/security.md, "Identity"): the CPF and the CNPJ sent are
 * claims and route nothing. The account of that address, when one exists,
 * gets a pending invitation; otherwise the borrower registers the person
 * (and the company, unless a company proved that CNPJ) and invites them to
 * set a password. The company the invitation names is the CNPJ's verified
 * holder, if any, else the one acceptance creates or verifies
 * (AcceptInvitation). No contract link is created either way.
 */
@inject()
export default class InviteTeamMember {
  constructor(private createInvitation: CreateInvitation) {}

  async handle(borrower: Company, invitedBy: User, params: Params): Promise<InviteOutcome> {
    const representative = params.legalRepresentative
    if (params.document === borrower.document) {
      throw new BadRequestException('errors.borrower_itself')
    }
    if (
      representative.email === invitedBy.email.toLowerCase() ||
      representative.cpf === invitedBy.cpf
    ) {
      throw new BadRequestException('errors.representative_is_current_user')
    }

    return db.transaction(async (trx) => {
      const holder = await Company.verifiedHolderOf(params.document, trx)
      const account = await User.findByEmail(representative.email, trx)
      if (await this.alreadyLinked(borrower, holder, account, trx)) {
        throw new BadRequestException('errors.member_already_linked')
      }
      if (account) {
        await this.requestMembership(borrower, invitedBy, account, params, holder, trx)
        return { kind: 'requested' as const }
      }
      return this.register(borrower, invitedBy, params, holder, trx)
    })
  }

  /**
   * Nobody has the address: the borrower registers the person. With the
   * company new too, both are the borrower's own invitees and the person
   * is a `provider` member at once; with a verified holder of the CNPJ,
   * the new account is only invited (accepting decides the company).
   */
  private async register(
    borrower: Company,
    invitedBy: User,
    params: Params,
    holder: Company | null,
    trx: TransactionClientContract
  ): Promise<InviteOutcome> {
    const representative = params.legalRepresentative
    const user = await User.create(
      { name: representative.name, email: representative.email, cpf: representative.cpf },
      { client: trx }
    )
    if (holder) {
      await this.requestMembership(borrower, invitedBy, user, params, holder, trx)
      return { kind: 'person', user }
    }
    const company = await Company.create(this.sentCompany(params), { client: trx })
    await CompanyMember.createMany(
      [
        { companyId: company.id, userId: user.id, role: 'owner' },
        { companyId: borrower.id, userId: user.id, role: 'provider' },
      ],
      { client: trx }
    )
    const acceptUrl = await this.createInvitation.handle(user, borrower, invitedBy, trx, {
      providerCompanyId: company.id,
    })
    await emitter.emit('team:member_invited', {
      user,
      company,
      borrower,
      invitedBy,
      acceptUrl,
      trx,
    })
    return { kind: 'registered', user, company }
  }

  /** A pending invitation, e-mailed to the account of the typed address */
  private async requestMembership(
    borrower: Company,
    invitedBy: User,
    invitee: User,
    params: Params,
    holder: Company | null,
    trx: TransactionClientContract
  ) {
    const acceptUrl = await this.createInvitation.handle(invitee, borrower, invitedBy, trx, {
      providerCompanyId: holder?.id ?? null,
      newCompany: holder ? null : this.sentCompany(params),
    })
    await emitter.emit('team:membership_requested', {
      invitee,
      companyName: params.name,
      borrower,
      invitedBy,
      acceptUrl,
      trx,
    })
  }

  private sentCompany(params: Params): InvitedCompany {
    return { name: params.name, tradeName: params.tradeName ?? null, document: params.document }
  }

  /** The proven company is in a contract of the borrower, or the account already belongs to it */
  private async alreadyLinked(
    borrower: Company,
    holder: Company | null,
    account: User | null,
    trx: TransactionClientContract
  ) {
    if (
      holder &&
      (await ContractPart.links(trx).counterpartyOf(borrower.id).ofCompany(holder.id).query.first())
    ) {
      return true
    }
    if (!account) return false
    const membership = await CompanyMember.query({ client: trx })
      .where({ company_id: borrower.id, user_id: account.id })
      .first()
    return membership !== null
  }
}
