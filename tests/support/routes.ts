import router from '@adonisjs/core/services/router'
import type { GateDeclaration } from '#support/permissions'
import { declaredGate } from '#support/route_gates'

export interface RouteEntry {
  name: string | undefined
  pattern: string
  methods: string[]
  /** Names of the named middleware the route runs, in order */
  middleware: string[]
  /** What the route declares with `.gate(...)` */
  declared: GateDeclaration | undefined
}

/**
 * Every route of the router as the HTTP server will run it (committing is
 * idempotent: the server's own boot commits the same routes again as a
 * no-op).
 */
export function allRoutes(): RouteEntry[] {
  router.commit()
  return Object.values(router.toJSON())
    .flat()
    .map((route) => ({
      name: route.name,
      pattern: route.pattern,
      methods: route.methods,
      middleware: [...route.middleware.all()].flatMap((one) =>
        'name' in one && typeof one.name === 'string' ? [one.name] : []
      ),
      declared: declaredGate(route.name),
    }))
}

/** The routes that run the company middleware (x-company-id context) */
export function companyScopedRoutes() {
  return allRoutes().filter((route) => route.middleware.includes('company'))
}
