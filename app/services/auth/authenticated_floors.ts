import AuthSession, { type AuthenticatedFloor } from '#models/auth_session'
import type { LucidRow } from '@adonisjs/lucid/types/model'
import type { ReadVersions } from '#support/read_versions'

/** A floor read with a membership: its row, its versions, when it was read (performance.now()) */
interface KeptFloor {
  row: AuthenticatedFloor['row']
  versions: ReadVersions
  readAt: number
  /** Its models as the reads share them, built on the first read that shares them */
  shared?: SharedFloor
}

/** A floor's models shared by reads, with each model's attributes and their values when built */
interface SharedFloor {
  floor: AuthenticatedFloor
  built: { model: LucidRow; attributes: object; values: unknown[] }[]
}

/** What a request asks of a kept floor: the provider identities; models shared (a read) or its own */
export interface FloorOptions {
  providerIdentities?: boolean
  shared?: boolean
}

/** How many floors a process keeps, and for how long at most */
export interface FloorLimits {
  entries: number
  ttlMs: number
}

/**
 * The authenticated floors (AuthSession.findActiveWithMembership) of a
 * process, by session, company and form, kept while they still hold: on
 * each request one statement of primary-key probes checks that the
 * session is active and reads the request's read versions
 * (AuthSession.activeReadVersions); while the user's version (raised by
 * any change of the user's row or memberships) and the directory's
 * (raised by any change of a company's row) are those the floor was read
 * under, the kept floor answers, else it is read again. So a logout, a
 * revoked or expired session, a removed membership or a changed role takes
 * effect on the very next request, through any process, as before; what is
 * saved is the joined read of four rows and their models, most of what the
 * floor cost (docs/reports/bench.md, session 30).
 *
 * A write (`shared: false`) gets its own models, built from the kept row
 * (AuthSession.floorOf): an action that changes its user never changes
 * another request's. Reads (`shared: true`: GET and HEAD) share the kept
 * floor's models, built once (building them cost a cached read about 0.04
 * ms of the API's 0.30, bench.md session 30): a read changes none of them,
 * and when one is found changed in place (an attribute set, the company
 * replaced) they are not shared again: the floor's models are built anew
 * from its row. A floor is kept at most `ttlMs`: a provider's identities
 * carry how its reads are planned (CompanyMember.providerIdentities: by
 * its number of links, which no version follows), so that choice is at
 * most that old. Floors without a membership (no company named, or not a
 * member) are read each time.
 */
export class AuthenticatedFloors {
  #kept = new Map<string, KeptFloor>()

  constructor(private limits: FloorLimits = { entries: 5_000, ttlMs: 60_000 }) {}

  async find(
    sessionId: string,
    userId: string,
    companyId: string | null,
    options: FloorOptions = {}
  ): Promise<AuthenticatedFloor | null> {
    if (!companyId) return AuthSession.findActiveWithMembership(sessionId, userId, null, options)
    const key = `${sessionId}:${companyId}:${options.providerIdentities ? 'identities' : ''}`
    const kept = this.#kept.get(key)
    if (kept && performance.now() - kept.readAt < this.limits.ttlMs) {
      const versions = await AuthSession.activeReadVersions(sessionId, userId, companyId)
      if (!versions) {
        this.#kept.delete(key)
        return null
      }
      if (versions.user === kept.versions.user && versions.directory === kept.versions.directory) {
        if (!options.shared) return AuthSession.floorOf(kept.row, versions)
        if (!kept.shared || changedInPlace(kept.shared)) {
          kept.shared = sharedFloor(AuthSession.floorOf(kept.row, kept.versions))
        }
        return { ...kept.shared.floor, versions }
      }
    }
    const floor = await AuthSession.findActiveWithMembership(sessionId, userId, companyId, options)
    this.#kept.delete(key)
    if (!floor?.membership) return floor
    const read = this.#keep(key, floor.row, floor.versions!)
    if (!options.shared) return floor
    read.shared = sharedFloor(floor)
    return { ...floor }
  }

  /** How many floors are kept */
  get size() {
    return this.#kept.size
  }

  #keep(key: string, row: KeptFloor['row'], versions: ReadVersions) {
    if (this.#kept.size >= this.limits.entries) {
      /** The oldest kept first (a Map iterates in insertion order; a floor read again is moved last) */
      this.#kept.delete(this.#kept.keys().next().value!)
    }
    const kept: KeptFloor = { row, versions, readAt: performance.now() }
    this.#kept.set(key, kept)
    return kept
  }
}

/** A floor's models, to be shared by reads */
function sharedFloor(floor: AuthenticatedFloor): SharedFloor {
  const membership = floor.membership!
  const models: LucidRow[] = [floor.user, membership, membership.company]
  return {
    floor,
    built: models.map((model) => ({
      model,
      attributes: model.$attributes,
      values: Object.values(model.$attributes),
    })),
  }
}

/** Whether a shared floor's models were changed since they were built (then they are not shared again) */
function changedInPlace({ floor, built }: SharedFloor) {
  return (
    floor.membership!.company !== built[2].model ||
    built.some(({ model, attributes, values }) => {
      if (model.$attributes !== attributes) return true
      const now = Object.values(attributes)
      return now.length !== values.length || now.some((value, index) => value !== values[index])
    })
  )
}

const authenticatedFloors = new AuthenticatedFloors()
export default authenticatedFloors
