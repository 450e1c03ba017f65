import { Route } from '@adonisjs/core/http'
import type { GateDeclaration, RouteGate } from '#support/permissions'

export interface GateOptions {
  peopleOnly?: boolean
  /** Its action reads a provider member's identities (GateDeclaration) */
  providerIdentities?: boolean
}

/**
 * `.gate(...)` on a route records what it needs here; the role gate and
 * the auth middleware look it up by the name the request matched. The
 * check itself stays `middleware.role()` in the middleware list, right
 * after `middleware.company()`: route middleware runs after a group's, and
 * the gate must answer before `pathIds` does.
 */
const declared = new Map<Route, GateDeclaration>()
let byName: Map<string, GateDeclaration> | undefined

Route.macro('gate', function (this: Route, gate: RouteGate, options: GateOptions = {}) {
  declared.set(this, {
    gate,
    peopleOnly: options.peopleOnly === true,
    providerIdentities: options.providerIdentities === true,
  })
  byName = undefined
  return this
})

/**
 * Every declaration by its route's name, read when the first request
 * needs it: a group's `.as()` names its routes after they declared their
 * gate.
 */
export function gateDeclarations(): Map<string, GateDeclaration> {
  byName ??= new Map(
    [...declared].flatMap(([route, declaration]) => {
      const name = route.getName()
      return name && !route.isDeleted() ? [[name, declaration] as const] : []
    })
  )
  return byName
}

/** The gate `routeName` declares (none: the role gate denies it) */
export function declaredGate(routeName: string | undefined): GateDeclaration | undefined {
  return routeName ? gateDeclarations().get(routeName) : undefined
}

declare module '@adonisjs/core/http' {
  interface Route {
    /** The permission this company-scoped route needs (app/support/permissions.ts) */
    gate(gate: RouteGate, options?: GateOptions): this
  }
}
