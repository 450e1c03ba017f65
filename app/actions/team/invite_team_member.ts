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
 * company (its own invitee, real records); `requested` when the e-mail,
 * CPF or document belongs to an existing account, which only got a
 * pending invitation (the caller learns nothing of it).
 */
export type InviteOutcome =
  { kind: 'registered'; user: User; company: Company } | { kind: 'requested' }

/**
 * E4. Nobody joins a tenant without consent (DESIGN.md, Consent): when
 * nothing of the sent company or representative exists, the borrower
 * registers them (company, representative owner of it and `provider`
 * member of the borrower) and the representative is invited to set a
 * password. When the document, e-mail or CPF belongs to an existing
 * company or user, only a pending invitation is created and sent to the
 * mailbox of the account (the owners of the company, or the user):
 * accepting it creates the membership (AcceptInvitation). No link is
 * created either way (that happens when the member is put into a contract).
 */
@inject()
export default class InviteTeamMember {
  constructor(private createInvitation: CreateInvitation) {}

  async handle(borrower: Company, invitedBy: User, params: Params): Promise<InviteOutcome> {
    const representative = params.legalRepresentative
    if (params.document === borrower.document) {
      throw new BadRequestException('The company cannot be the borrower itself')
    }
    if (
      representative.email === invitedBy.email.toLowerCase() ||
      representative.cpf === invitedBy.cpf
    ) {
      throw new BadRequestException('The legal representative cannot be the current user')
    }

    return db.transaction(async (trx) => {
      const existingCompany = await Company.query({ client: trx })
        .where('document', params.document)
        .first()
      const existingUsers = await this.accountsOf(representative, trx)
      if (await this.alreadyLinked(borrower, existingCompany, existingUsers, trx)) {
        throw new BadRequestException('Member already linked to this company')
      }

      if (existingCompany) {
        await this.inviteOwners(borrower, invitedBy, existingCompany, trx)
        return { kind: 'requested' as const }
      }
      if (existingUsers.length > 0) {
        /** The e-mail match comes first: it is the mailbox the borrower meant to reach */
        await this.requestMembership(borrower, invitedBy, existingUsers[0], trx, {
          newCompany: {
            name: params.name,
            tradeName: params.tradeName ?? null,
            document: params.document,
          },
        })
        return { kind: 'requested' as const }
      }
      return this.register(borrower, invitedBy, params, trx)
    })
  }

  /** Nothing exists: the borrower's own invitee, linked at once (as the spec's E4 -> part flow) */
  private async register(
    borrower: Company,
    invitedBy: User,
    params: Params,
    trx: TransactionClientContract
  ) {
    const representative = params.legalRepresentative
    const company = await Company.create(
      { name: params.name, tradeName: params.tradeName ?? null, document: params.document },
      { client: trx }
    )
    const user = await User.create(
      { name: representative.name, email: representative.email, cpf: representative.cpf },
      { client: trx }
    )
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
    return { kind: 'registered' as const, user, company }
  }

  /** An existing company is invited through each of its owners not yet in the borrower */
  private async inviteOwners(
    borrower: Company,
    invitedBy: User,
    company: Company,
    trx: TransactionClientContract
  ) {
    const owners = await User.query({ client: trx })
      .whereIn(
        'id',
        CompanyMember.query({ client: trx })
          .select('user_id')
          .where({ company_id: company.id, role: 'owner' })
      )
      .whereNotIn(
        'id',
        CompanyMember.query({ client: trx }).select('user_id').where('company_id', borrower.id)
      )
      .orderBy('created_at', 'asc')
    for (const owner of owners) {
      await this.requestMembership(borrower, invitedBy, owner, trx, {
        providerCompanyId: company.id,
        companyName: company.name,
      })
    }
  }

  /** A pending invitation, e-mailed to the stored address of the account */
  private async requestMembership(
    borrower: Company,
    invitedBy: User,
    invitee: User,
    trx: TransactionClientContract,
    target: { providerCompanyId: string; companyName: string } | { newCompany: InvitedCompany }
  ) {
    const acceptUrl = await this.createInvitation.handle(invitee, borrower, invitedBy, trx, {
      providerCompanyId: 'providerCompanyId' in target ? target.providerCompanyId : null,
      newCompany: 'newCompany' in target ? target.newCompany : null,
    })
    await emitter.emit('team:membership_requested', {
      invitee,
      companyName: 'newCompany' in target ? target.newCompany.name : target.companyName,
      borrower,
      invitedBy,
      acceptUrl,
      trx,
    })
  }

  /**
   * The existing accounts of the representative: the user with the sent
   * e-mail, then the user with the sent CPF (when another one).
   */
  private async accountsOf(
    representative: Params['legalRepresentative'],
    trx: TransactionClientContract
  ) {
    const byEmail = await User.query({ client: trx })
      .whereRaw('lower(email) = ?', [representative.email])
      .first()
    const byCpf = await User.query({ client: trx })
      .where('cpf', representative.cpf)
      .orderBy('created_at', 'asc')
      .first()
    return [byEmail, byCpf].filter(
      (user, index, all): user is User =>
        user !== null && all.findIndex((other) => other?.id === user.id) === index
    )
  }

  /** The company is already in a contract of the borrower, or a matched user already belongs to it */
  private async alreadyLinked(
    borrower: Company,
    company: Company | null,
    users: User[],
    trx: TransactionClientContract
  ) {
    if (
      company &&
      (await ContractPart.providerLinksOfCompany(borrower.id, company.id, trx).first())
    )
      return true
    if (users.length === 0) return false
    const membership = await CompanyMember.query({ client: trx })
      .where('company_id', borrower.id)
      .whereIn(
        'user_id',
        users.map((user) => user.id)
      )
      .first()
    return membership !== null
  }
}
