import { errors, symbols } from '@adonisjs/auth'
import type { AuthClientResponse, GuardContract } from '@adonisjs/auth/types'
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import type AuthSession from '#models/auth_session'
import type CompanyMember from '#models/company_member'
import type { ReadVersions } from '#support/read_versions'
import { companyHeader } from '#support/company_header'
import jwtService from '#services/auth/jwt_service'
import sessionTokens from '#services/auth/session_token_service'
import authenticatedFloors from '#services/auth/authenticated_floors'
import ApiKey from '#models/api_key'
import type Company from '#models/company'
import { nowUtc } from '#services/platform/clock'
import { apiKeyHash, isApiKeyToken } from '#support/api_key_secrets'
import { declaredGate } from '#support/route_gates'

/** The methods that read: they change none of the request's models (AuthenticatedFloors) */
const READS = new Set(['GET', 'HEAD'])

/**
 * Authenticates `Authorization: Bearer <JWT>`: the signature, algorithm,
 * issuer, audience and expiry are checked by jose, then the session named
 * by `sid` must still be active (logout and theft detection revoke it).
 * The same statement reads the membership the company middleware needs
 * (AuthenticatedFloors keeps it while its read versions hold).
 */
export class JwtGuard implements GuardContract<User> {
  declare [symbols.GUARD_KNOWN_EVENTS]: {}

  readonly driverName = 'jwt' as const
  authenticationAttempted = false
  isAuthenticated = false
  user?: User
  /** The session of the token, hydrated on first use (few routes read it) */
  #session?: AuthSession | (() => AuthSession)
  /**
   * The user's membership in the company of `x-company-id`, read with the
   * session (null: not a member); unset when the header names no company.
   */
  membership?: {
    companyId: string
    membership: CompanyMember | null
    /** Its read versions (ReadCache), read in the same statement; null when not a member */
    versions: ReadVersions | null
  }

  /**
   * Set when the bearer is a company API key (`cmk_live_...`): the key, its
   * company and the company's read versions, read in one statement. The
   * user is then the key's service user.
   */
  apiKey?: { key: ApiKey; company: Company; versions: ReadVersions }

  #ctx: HttpContext

  constructor(ctx: HttpContext) {
    this.#ctx = ctx
  }

  #unauthorized(): never {
    throw new errors.E_UNAUTHORIZED_ACCESS('Unauthorized access', {
      guardDriverName: this.driverName,
    })
  }

  #bearerToken(): string | null {
    const header = this.#ctx.request.header('authorization') ?? ''
    const [scheme, token] = header.split(' ')
    return scheme?.toLowerCase() === 'bearer' && token ? token : null
  }

  async authenticate(): Promise<User> {
    if (this.authenticationAttempted) return this.getUserOrFail()
    this.authenticationAttempted = true

    const token = this.#bearerToken()
    if (!token) this.#unauthorized()
    if (isApiKeyToken(token)) return this.#authenticateKey(token)

    const payload = await jwtService.verify(token, 'access')
    if (!payload || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
      this.#unauthorized()
    }

    /** One round trip: session, user and the company context's membership (or their versions, when kept) */
    const { companyId } = companyHeader(this.#ctx)
    const found = await authenticatedFloors.find(payload.sid, payload.sub, companyId, {
      providerIdentities: declaredGate(this.#ctx.route?.name)?.providerIdentities === true,
      /** A read shares the kept models; a write gets its own (AuthenticatedFloors) */
      shared: READS.has(this.#ctx.request.method()),
    })
    if (!found) this.#unauthorized()

    const { user, session, membership, versions } = found
    if (companyId) this.membership = { companyId, membership, versions }
    this.#session = session
    this.user = user
    this.isAuthenticated = true
    return this.user
  }

  async #authenticateKey(token: string): Promise<User> {
    const hash = apiKeyHash(token)
    if (!hash) this.#unauthorized()
    const now = nowUtc()
    const found = await ApiKey.findActiveWithCompany(hash, now)
    if (!found) this.#unauthorized()
    await ApiKey.touch(found.key, now)
    this.apiKey = { key: found.key, company: found.company, versions: found.versions }
    this.user = found.user
    this.isAuthenticated = true
    return this.user
  }

  async check(): Promise<boolean> {
    try {
      await this.authenticate()
      return true
    } catch (error) {
      if (error instanceof errors.E_UNAUTHORIZED_ACCESS) return false
      throw error
    }
  }

  getUserOrFail(): User {
    if (!this.user) this.#unauthorized()
    return this.user
  }

  getSessionOrFail(): AuthSession {
    if (!this.#session) this.#unauthorized()
    if (typeof this.#session === 'function') this.#session = this.#session()
    return this.#session
  }

  /**
   * Used by Japa's `loginAs(user)`: opens a real session for the user and
   * sends its access token.
   */
  async authenticateAsClient(user: User): Promise<AuthClientResponse> {
    const { accessToken } = await sessionTokens.openSession(user, {})
    return { headers: { authorization: `Bearer ${accessToken}` } }
  }
}
