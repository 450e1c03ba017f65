import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { CompanyFactory } from '#database/factories/company_factory'
import { ROUTE_GATES, allows } from '#support/permissions'
import type { MemberRole } from '#enums/roles'
import { companyScopedRoutes } from '#tests/support/routes'
import { memberOf } from '#tests/support/tenancy'

/**
 * Generated from the router and the permission table (every method and
 * every role): each company-scoped
 * route, under each of its methods (GET included), sent as each role with
 * random v4 ids and an empty body. Where the table denies the role the
 * role gate answers 403; where it allows it, the request gets past the
 * gate (404, 422, 200... but never the gate's 403, never a 500). So a
 * rule widened (or narrowed) on one method while its sibling method is
 * tested shows here; the table itself is pinned to docs/decisions.md by
 * tests/unit/permissions.spec.ts. A new route is in this test the moment
 * it is routed.
 */
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
type Method = (typeof METHODS)[number]
const ROLES: MemberRole[] = ['owner', 'admin', 'borrower', 'user', 'provider']

const cases = companyScopedRoutes().flatMap((route) =>
  route.methods
    .filter((method): method is Method => (METHODS as readonly string[]).includes(method))
    .map((method) => ({ ...route, method }))
)

/** `/api/v1/contracts/:id/steps/:stepKey/complete` with random v4 ids */
const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, () => randomUUID())

test.group('Security / role gates generated from the permission table', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the router has company-scoped routes of every method to check', ({ assert }) => {
    assert.isAbove(cases.length, 100)
    for (const method of METHODS) {
      assert.isTrue(
        cases.some((route) => route.method === method),
        method
      )
    }
  })

  for (const { method, pattern, name } of cases) {
    const gate = ROUTE_GATES[name!]
    const reach = ROLES.filter((role) => allows(role, gate))
    test(`${method} ${pattern} (${name}): past the gate for ${reach.join(', ') || 'nobody'}`, async ({
      client,
      assert,
    }) => {
      const company = await CompanyFactory.create()
      const wrong: string[] = []
      for (const role of ROLES) {
        const member = await memberOf(company, role)
        const request = client[method.toLowerCase() as Lowercase<Method>](urlOf(pattern))
          .header('x-company-id', company.id)
          .loginAs(member)
        if (method !== 'GET') request.json({})
        const response = await request

        const body = response.body()
        const fromGate =
          response.status() === 403 &&
          body.code === 'E_ROLE_FORBIDDEN' &&
          body.message === 'Acesso negado' &&
          Object.keys(body).length === 2
        if (reach.includes(role)) {
          if (response.status() === 403 && body.code === 'E_ROLE_FORBIDDEN') {
            wrong.push(`${role}: refused by the gate`)
          } else if (response.status() >= 500) {
            wrong.push(`${role}: ${response.status()}`)
          }
        } else if (!fromGate) {
          wrong.push(`${role}: ${response.status()} ${JSON.stringify(body)}, not the gate's 403`)
        }
      }
      assert.deepEqual(wrong, [])
    })
  }
})
