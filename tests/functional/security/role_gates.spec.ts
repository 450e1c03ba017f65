import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { CompanyFactory } from '#database/factories/company_factory'
import { ROUTE_GATES, allows } from '#support/permissions'
import type { MemberRole } from '#support/roles'
import { companyScopedRoutes } from '#tests/support/routes'
import { memberOf } from '#tests/support/tenancy'

/**
 * Generated from the router and the permission table (issue #21, finding
 * 4): every company-scoped write route, sent as `user` and as `provider`
 * with random v4 ids and an empty body. Where the table denies the role
 * the role gate answers 403; where it allows it, the request gets past
 * the gate (404, 422, 200... but never the gate's 403, never a 500). A new
 * write route is in this test the moment it is routed.
 */
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'] as const
const ROLES: MemberRole[] = ['user', 'provider']

const cases = companyScopedRoutes().flatMap((route) =>
  route.methods
    .filter((method): method is (typeof WRITES)[number] =>
      (WRITES as readonly string[]).includes(method)
    )
    .flatMap((method) => ROLES.map((role) => ({ ...route, method, role })))
)

/** `/api/v1/contracts/:id/steps/:stepKey/complete` with random v4 ids */
const urlOf = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, () => randomUUID())

test.group('Security / role gates generated from the permission table', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('the router has company-scoped write routes to check', ({ assert }) => {
    assert.isAbove(cases.length, 50)
  })

  for (const { method, pattern, name, role } of cases) {
    const denied = !allows(role, ROUTE_GATES[name!])
    const verdict = denied ? '403' : 'past the gate'
    test(`${method} ${pattern} (${name}) as ${role}: ${verdict}`, async ({ client, assert }) => {
      const company = await CompanyFactory.create()
      const member = await memberOf(company, role)
      const response = await client[method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](
        urlOf(pattern)
      )
        .header('x-company-id', company.id)
        .json({})
        .loginAs(member)

      const fromGate = response.status() === 403 && response.body().code === 'E_ROLE_FORBIDDEN'
      if (denied) {
        response.assertStatus(403)
        assert.deepEqual(response.body(), { message: 'Access denied', code: 'E_ROLE_FORBIDDEN' })
      } else {
        assert.isFalse(fromGate, `the gate refused ${role}`)
        assert.isBelow(response.status(), 500)
      }
    })
  }
})
