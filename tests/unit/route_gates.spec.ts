import { test } from '@japa/runner'
import type { HttpContext } from '@adonisjs/core/http'
import RoleMiddleware from '#middleware/role_middleware'
import { MEMBER, PERMISSIONS, allows } from '#support/permissions'
import { gateDeclarations } from '#support/route_gates'
import { MEMBER_ROLES } from '#enums/roles'
import { allRoutes, companyScopedRoutes } from '#tests/support/routes'

test.group('Role gates / the gates the routes declare', () => {
  test('every company-scoped route is named and declares a gate', ({ assert }) => {
    const missing = companyScopedRoutes()
      .filter((route) => !route.name || !route.declared)
      .map((route) => `${route.methods[0]} ${route.pattern} (${route.name ?? 'unnamed'})`)
    assert.deepEqual(missing, [], 'company-scoped routes without a gate')
  })

  test('only company-scoped routes declare a gate', ({ assert }) => {
    const names = new Set(companyScopedRoutes().map((route) => route.name))
    const stray = [...gateDeclarations().keys()].filter((name) => !names.has(name))
    assert.deepEqual(stray, [], 'gates on routes that do not exist (or have no company)')
  })

  test('the role gate runs right after the company middleware, and only there', ({ assert }) => {
    const wrong = allRoutes()
      .filter(({ middleware }) => {
        const company = middleware.indexOf('company')
        const role = middleware.indexOf('role')
        if (company === -1 && role === -1) return false
        return role !== company + 1
      })
      .map((route) => `${route.pattern} [${route.middleware.join(', ')}]`)
    assert.deepEqual(wrong, [])
  })

  test('every gate names known permissions', ({ assert }) => {
    for (const [name, { gate }] of gateDeclarations()) {
      if (gate === MEMBER) continue
      for (const permission of typeof gate === 'string' ? [gate] : gate) {
        assert.include(PERMISSIONS, permission, name)
      }
    }
  })
})

test.group('Role gates / the middleware', () => {
  const run = (routeName: string | undefined, role: (typeof MEMBER_ROLES)[number] | null) => {
    const ctx = {
      route: routeName === undefined ? undefined : { name: routeName },
      membership: role ? { role } : undefined,
    } as unknown as HttpContext
    return new RoleMiddleware().handle(ctx, async () => 'next')
  }

  test('a route that declares no gate is denied to every role (fail closed)', async ({
    assert,
  }) => {
    for (const role of MEMBER_ROLES) {
      await assert.rejects(() => run('no.such.route', role), 'errors.access_denied')
      await assert.rejects(() => run(undefined, role), 'errors.access_denied')
      assert.isFalse(allows(role, undefined))
    }
  })

  test('the gate follows the route: user reads, writes need owner, admin or borrower', async ({
    assert,
  }) => {
    assert.equal(await run('contracts.show', 'user'), 'next')
    await assert.rejects(() => run('contracts.store', 'user'), 'errors.access_denied')
    assert.equal(await run('contracts.store', 'borrower'), 'next')
    await assert.rejects(() => run('contracts.store', 'provider'), 'errors.access_denied')
  })

  test('without a company context only a MEMBER route passes', async ({ assert }) => {
    assert.equal(await run('users.me.show', null), 'next')
    await assert.rejects(() => run('contracts.show', null), 'errors.access_denied')
  })
})
