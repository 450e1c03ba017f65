import db from '@adonisjs/lucid/services/db'
import { enqueueDeliveries } from '#services/platform/outbox'

/**
 * POST /auth/password/forgot: queues the request for the worker
 * (PasswordResetIssuer), which e-mails a single-use link when the address
 * has an account. The request does the same work for every address, one
 * insert into the outbox, and the caller answers 202 either way, so
 * neither the answer nor its time says which addresses exist.
 */
export default class RequestPasswordReset {
  async handle(email: string) {
    await db.transaction((trx) =>
      enqueueDeliveries(
        [{ channel: 'password_reset', payload: { email: email.trim().toLowerCase() } }],
        trx
      )
    )
  }
}
