import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import UserIdentity from '#models/user_identity'
import type User from '#models/user'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import ServiceUnavailableException from '#exceptions/service_unavailable_exception'
import OAuthIdTokenVerifier, {
  InvalidIdTokenError,
  OAuthProviderUnavailableError,
} from '#services/auth/oauth_id_token_verifier'
import type { connectProviderValidator } from '#validators/profile'

type Params = Infer<typeof connectProviderValidator>

/**
 * POST /users/me/connect-provider: links the verified (provider, subject)
 * of an ID token to the user. Linking it again is a no-op; a subject
 * linked to another user is 409.
 */
@inject()
export default class ConnectIdentityProvider {
  constructor(private verifier: OAuthIdTokenVerifier) {}

  async handle(user: User, { provider, idToken }: Params) {
    const identity = await this.#verify(provider, idToken)

    return db.transaction(async (trx) => {
      const existing = await UserIdentity.query({ client: trx })
        .where('provider', provider)
        .where('subject', identity.subject)
        .forUpdate()
        .first()
      if (existing && existing.userId !== user.id) {
        throw new ConflictException('errors.identity_linked_elsewhere', {
          code: 'E_IDENTITY_LINKED',
        })
      }
      if (existing) return { identity: existing, created: false }

      const created = await UserIdentity.create(
        { userId: user.id, provider, subject: identity.subject, email: identity.email },
        { client: trx }
      )
      return { identity: created, created: true }
    })
  }

  async #verify(provider: Params['provider'], idToken: string) {
    try {
      return await this.verifier.verify(provider, idToken)
    } catch (error) {
      if (error instanceof OAuthProviderUnavailableError) {
        throw new ServiceUnavailableException('errors.identity_provider_unavailable', {
          code: 'E_PROVIDER_UNAVAILABLE',
        })
      }
      if (error instanceof InvalidIdTokenError) {
        throw new UnprocessableException('errors.invalid_id_token')
      }
      throw error
    }
  }
}
