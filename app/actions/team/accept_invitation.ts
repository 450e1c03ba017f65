import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import emitter from '@adonisjs/core/services/emitter'
import { errors as vineErrors } from '@vinejs/vine'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Clock from '#services/platform/clock'
import sessionTokens from '#services/auth/session_token_service'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import UserIdentity from '#models/user_identity'
import UserInvitation from '#models/user_invitation'
import { hashOpaqueToken } from '#support/opaque_tokens'
import { BadRequestException } from '#exceptions/http_exceptions'
import DocumentClaims from '#services/companies/document_claims'

/**
 * POST /auth/invitations/accept (public). The token was e-mailed to the
 * invitee, so holding it proves control of the mailbox: the e-mail is
 * marked verified, the `provider` membership in the borrower is created
 * and, when the invitation says so, the invitee's new company (its CNPJ
 * proved when the borrower's own is). An account
 * without a password or with an unverified e-mail may have been
 * registered by someone else (pre-claiming): the token holder must set a
 * password and every session of the account is revoked. A verified
 * account with a password accepts with the token alone. All or nothing.
 */
@inject()
export default class AcceptInvitation {
  constructor(
    private clock: Clock,
    private documentClaims: DocumentClaims
  ) {}

  async handle(token: string, password: string | undefined) {
    return db.transaction(async (trx) => {
      const now = this.clock.now()
      /** Models read through `trx` save through it too */
      const invitation = await UserInvitation.query({ client: trx })
        .where('token_hash', hashOpaqueToken(token))
        .whereNull('accepted_at')
        .where('expires_at', '>', now.toSQL()!)
        .forUpdate()
        .first()
      if (!invitation) throw new BadRequestException('errors.invalid_invitation')

      const user = await User.query({ client: trx })
        .where('id', invitation.userId)
        .forUpdate()
        .firstOrFail()
      if (!user.password || !user.emailVerifiedAt) {
        await this.#takeOver(user, password, trx)
      }
      user.emailVerifiedAt ??= now
      await user.save()

      const borrower = await Company.findOrFail(invitation.companyId, { client: trx })
      const company = await this.#providerCompany(invitation, user, borrower, trx)
      await invitation.merge({ acceptedAt: now, providerCompanyId: company?.id ?? null }).save()

      if (await CompanyMember.grant(borrower.id, user.id, invitation.role, trx)) {
        await emitter.emit('team:invitation_accepted', {
          user,
          company,
          borrower,
          role: invitation.role,
          trx,
        })
      }
      return user
    })
  }

  /**
   * Whoever registered the address without proving it loses the account:
   * the token holder's password replaces theirs, their sessions (and so
   * their refresh tokens) are revoked and the identities they linked go.
   */
  async #takeOver(user: User, password: string | undefined, trx: TransactionClientContract) {
    if (!password) {
      throw new vineErrors.E_VALIDATION_ERROR([
        {
          field: 'password',
          rule: 'required',
          message: 'errors.invitation_password_required',
        },
      ])
    }
    user.password = await hash.make(password)
    await sessionTokens.revokeAll(user.id, trx)
    await UserIdentity.query({ client: trx }).where('user_id', user.id).delete()
  }

  /**
   * The company the invitee represents. A new one is created owned by the
   * invitee; an existing one is linked only when the invitee owns it,
   * otherwise the mailbox's owner disputes the CNPJ of a company that
   * proved it (the operator decides) and only the membership is granted.
   * Accepting through the mailbox an invitation from a borrower whose own
   * CNPJ is verified proves the CNPJ (docs/security.md, "CNPJ claims").
   */
  async #providerCompany(
    invitation: UserInvitation,
    user: User,
    borrower: Company,
    trx: TransactionClientContract
  ) {
    const proof = { kind: 'invitation' as const, invitationId: invitation.id, userId: user.id }
    let company: Company | null
    if (invitation.newCompany) {
      const { name, tradeName, document } = invitation.newCompany
      company = await Company.create({ name, tradeName, document }, { client: trx })
      await CompanyMember.grant(company.id, user.id, 'owner', trx)
    } else {
      company = invitation.providerCompanyId
        ? await Company.find(invitation.providerCompanyId, { client: trx })
        : null
      if (!company) return null
      if (!(await CompanyMember.isOwner(company.id, user.id, trx))) {
        await this.documentClaims.dispute(company, proof, { userId: user.id }, trx)
        return null
      }
    }
    if (borrower.documentStatus === 'verified') {
      await this.documentClaims.prove(company, proof, trx)
    }
    return company
  }
}
