import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import CreateInvitation from '#actions/team/create_invitation'
import { providerLinksOfCompany } from '#models/queries/provider_links'
import { BadRequestException, ConflictException } from '#exceptions/http_exceptions'
import type { inviteTeamMemberValidator } from '#validators/team'

type Params = Infer<typeof inviteTeamMemberValidator>

/**
 * E4: registers a provider company with its legal representative as
 * owner, gives the representative a `provider` membership in the
 * borrower and invites them to set a password. No link is created (that
 * happens when the member is put into a contract).
 */
@inject()
export default class InviteTeamMember {
  constructor(private createInvitation: CreateInvitation) {}

  async handle(borrower: Company, invitedBy: User, params: Params) {
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
      const existingUser = await User.query({ client: trx })
        .whereRaw('lower(email) = ?', [representative.email])
        .first()
      if (await this.alreadyLinked(borrower, existingCompany, existingUser, trx)) {
        throw new BadRequestException('Member already linked to this company')
      }
      if (existingCompany) {
        throw new ConflictException('A company with this document is already registered')
      }

      const company = await Company.create(
        { name: params.name, tradeName: params.tradeName ?? null, document: params.document },
        { client: trx }
      )
      const user =
        existingUser ??
        (await User.create(
          { name: representative.name, email: representative.email, cpf: representative.cpf },
          { client: trx }
        ))
      await CompanyMember.createMany(
        [
          { companyId: company.id, userId: user.id, role: 'owner' },
          { companyId: borrower.id, userId: user.id, role: 'provider' },
        ],
        { client: trx }
      )

      if (!user.password) {
        const acceptUrl = await this.createInvitation.handle(user, borrower, invitedBy, trx)
        await emitter.emit('team:member_invited', {
          user,
          company,
          borrower,
          invitedBy,
          acceptUrl,
          trx,
        })
      }
      return { user, company }
    })
  }

  /** The company is already in a contract of the borrower, or the user already belongs to it */
  private async alreadyLinked(
    borrower: Company,
    company: Company | null,
    user: User | null,
    trx: TransactionClientContract
  ) {
    if (company && (await providerLinksOfCompany(borrower.id, company.id, trx).first())) return true
    if (!user) return false
    const membership = await CompanyMember.query({ client: trx })
      .where({ company_id: borrower.id, user_id: user.id })
      .first()
    return membership !== null
  }
}
