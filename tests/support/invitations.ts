import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { MemberRole } from '#enums/roles'
import CreateInvitation from '#actions/team/create_invitation'
import type Company from '#models/company'
import type User from '#models/user'
import UserIdentity from '#models/user_identity'
import sessionTokens from '#services/auth/session_token_service'

/** The 400 to an unknown, expired or used invitation token: which of them is not told */
export const INVALID_INVITATION = { code: 'E_BAD_REQUEST', message: 'Convite inválido ou expirado' }

/** An invitation of `borrower` to `user` with `role`, created by the one action that does; its token */
export async function invitationToken(
  user: User,
  borrower: Company,
  invitedBy: User,
  role: MemberRole
) {
  const createInvitation = await app.container.make(CreateInvitation)
  const url = await db.transaction((trx) =>
    createInvitation.handle(user, borrower, invitedBy, trx, { role })
  )
  return new URL(url).searchParams.get('token')!
}

/** Everything the old holder of `user` can hold today: two sessions, a password, an identity */
export async function oldHolderKeys(user: User) {
  const first = await sessionTokens.openSession(user, { browser: 'old holder' })
  const second = await sessionTokens.openSession(user, { browser: 'old holder, phone' })
  await UserIdentity.updateOrCreate(
    { provider: 'google', subject: `old-holder-${user.id}` },
    { userId: user.id, email: user.email }
  )
  return { sessions: [first, second] }
}
