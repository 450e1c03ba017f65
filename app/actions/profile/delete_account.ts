import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import drive from '@adonisjs/drive/services/main'
import CompanyMember from '#models/company_member'
import DataExport from '#models/data_export'
import UserIdentity from '#models/user_identity'
import UserInvitation from '#models/user_invitation'
import type User from '#models/user'
import { ConflictException } from '#exceptions/http_exceptions'
import sessionTokens from '#services/auth/session_token_service'

export const DELETED_USER_NAME = 'Usuário removido'

/**
 * DELETE /users/me/delete: anonymises the account (the row stays, so
 * contract history keeps its references), revokes every session and
 * removes memberships, linked identities, pending invitations and data
 * exports. An owner of a company that has other members must transfer
 * ownership first (409).
 */
export default class DeleteAccount {
  async handle(user: User) {
    const archives = await db.transaction(async (trx) => {
      const blocking = await CompanyMember.query({ client: trx })
        .where('user_id', user.id)
        .where('role', 'owner')
        .whereExists((others) =>
          others
            .from('company_members as others')
            .whereColumn('others.company_id', 'company_members.company_id')
            .whereNot('others.user_id', user.id)
        )
        .preload('company')
        .first()
      if (blocking) {
        throw new ConflictException('errors.ownership_transfer_required', {
          code: 'E_OWNERSHIP_TRANSFER_REQUIRED',
          data: { company: blocking.company.name },
        })
      }

      user.useTransaction(trx)
      user.merge({
        name: DELETED_USER_NAME,
        email: `deleted+${user.id}@invalid`,
        phone: null,
        cpf: null,
        avatar: null,
        password: null,
      })
      await user.save()

      await sessionTokens.revokeAll(user.id, trx)
      await CompanyMember.query({ client: trx }).where('user_id', user.id).delete()
      await UserIdentity.query({ client: trx }).where('user_id', user.id).delete()
      /** A link still in the old mailbox must not revive the account into a borrower */
      await UserInvitation.query({ client: trx })
        .where('user_id', user.id)
        .whereNull('accepted_at')
        .delete()
      const exports = await DataExport.query({ client: trx }).where('user_id', user.id)
      await DataExport.query({ client: trx }).where('user_id', user.id).delete()

      await emitter.emit('user:profile_updated', { user, trx })
      return exports.flatMap((dataExport) => dataExport.filePath ?? [])
    })

    /** After commit: archives of personal data go with the account */
    await Promise.allSettled(archives.map((key) => drive.use().delete(key)))
  }
}
