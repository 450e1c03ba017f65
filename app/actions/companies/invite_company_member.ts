import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { Infer } from '@vinejs/vine/types'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import type Company from '#models/company'
import CreateInvitation from '#actions/team/create_invitation'
import { ConflictException } from '#exceptions/http_exceptions'
import type { inviteCompanyMemberValidator } from '#validators/company_member'

type Params = Infer<typeof inviteCompanyMemberValidator>

/**
 * POST /company/members. Nobody joins a company without consent
 * (DESIGN.md, Consent): the person gets an invitation e-mail and the
 * membership is created when they accept it (POST
 * /auth/invitations/accept). An address without an account gets one,
 * without a password, set on acceptance. Answering the same way for both
 * tells the caller nothing about which addresses have accounts. Only an
 * owner may invite an owner (CompanyMemberPolicy.invite, in the controller). The company's other admins get `user_invited`.
 */
@inject()
export default class InviteCompanyMember {
  constructor(private createInvitation: CreateInvitation) {}

  async handle(company: Company, invitedBy: User, params: Params) {
    await db.transaction(async (trx) => {
      let invitee = await User.findByEmail(params.email, trx)
      if (invitee) {
        const member = await CompanyMember.query({ client: trx })
          .where({ company_id: company.id, user_id: invitee.id })
          .first()
        if (member) throw new ConflictException('errors.already_company_member')
      }
      const newAccount = !invitee?.password
      invitee ??= await User.create(
        { name: params.name ?? params.email.split('@')[0], email: params.email },
        { client: trx }
      )
      const acceptUrl = await this.createInvitation.handle(invitee, company, invitedBy, trx, {
        role: params.role,
      })
      await emitter.emit('company:member_invited', {
        invitee,
        company,
        invitedBy,
        role: params.role,
        newAccount,
        acceptUrl,
        trx,
      })
    })
  }
}
