import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import Clock from '#services/clock'
import User from '#models/user'
import UserInvitation from '#models/user_invitation'
import { hashInvitationToken } from '#actions/team/create_invitation'
import { BadRequestException } from '#exceptions/http_exceptions'

/**
 * POST /auth/invitations/accept: a valid, unused, unexpired token sets
 * the invited user's password; the token is spent.
 */
@inject()
export default class AcceptInvitation {
  constructor(private clock: Clock) {}

  async handle(token: string, password: string) {
    return db.transaction(async (trx) => {
      const invitation = await UserInvitation.query({ client: trx })
        .where('token_hash', hashInvitationToken(token))
        .whereNull('accepted_at')
        .where('expires_at', '>', this.clock.now().toSQL()!)
        .forUpdate()
        .first()
      if (!invitation) throw new BadRequestException('Invalid or expired invitation')

      invitation.useTransaction(trx)
      await invitation.merge({ acceptedAt: this.clock.now() }).save()
      const user = await User.query({ client: trx }).where('id', invitation.userId).firstOrFail()
      user.useTransaction(trx)
      await user.merge({ password: await hash.make(password) }).save()
      return user
    })
  }
}
