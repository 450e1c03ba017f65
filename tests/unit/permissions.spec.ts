import { test } from '@japa/runner'
import {
  MEMBER,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  allows,
  keyMayUse,
  permissionsOf,
} from '#support/permissions'
import { gateDeclarations } from '#support/route_gates'
import type { MemberRole } from '#enums/roles'

/**
 * The permission table pinned to docs/decisions.md ("Security:
 * role-gates", final table and route mapping). The generated HTTP matrix
 * (tests/functional/security/role_gates.spec.ts) follows the gates the
 * routes declare, so it cannot notice a gate widened ON a route: this test
 * can. Changing a role's reach means changing decisions.md and this list
 * together.
 */
const USER: string[] = [
  'contracts.view',
  'contracts.review',
  'contracts.sign',
  'team.view',
  'compliance_flows.view',
  'compliance.review',
  'hours.view',
  'company.members.view',
]
const BORROWER = [
  ...USER,
  'contracts.manage',
  'team.manage',
  'compliance_flows.manage',
  'hours.review',
  'notifications.send',
]
const ADMIN = [...BORROWER, 'clients.view', 'company.members.manage', 'company.settings.manage']
const DOCUMENTED: Record<MemberRole, string[]> = {
  owner: [...ADMIN, 'company.ownership.transfer'],
  admin: ADMIN,
  borrower: BORROWER,
  user: USER,
  provider: [
    'contracts.sign',
    'clients.view',
    'provider.contracts.view',
    'provider.compliance.submit',
    'provider.hours.log',
  ],
}

const ROLES: MemberRole[] = ['owner', 'admin', 'borrower', 'user', 'provider']
const BORROWER_SIDE = 'owner admin borrower user'
const WRITERS = 'owner admin borrower'
const PROVIDER = 'provider'
const CLIENTS = 'owner admin provider'
const EVERY_ROLE = 'owner admin borrower user provider'
const ADMINS = 'owner admin'

/** Route name -> the roles its gate lets through */
const REACH: Record<string, string> = {
  // BORROWER_SIDE
  'contracts.onboardings.index': BORROWER_SIDE,
  'compliance_flows.index': BORROWER_SIDE,
  'compliance_flows.show': BORROWER_SIDE,
  'compliance_flows.providers.available': BORROWER_SIDE,
  'compliance_flows.providers.index': BORROWER_SIDE,
  'team.index': BORROWER_SIDE,
  'team.show': BORROWER_SIDE,
  'team.compliance_flows.index': BORROWER_SIDE,
  'team.compliance_flows.compliances.index': BORROWER_SIDE,
  'team.compliance_flows.compliances.review': BORROWER_SIDE,
  'providers.index': BORROWER_SIDE,
  'contracts.board': BORROWER_SIDE,
  'contracts.show': BORROWER_SIDE,
  'contracts.detail': BORROWER_SIDE,
  'contracts.uploads': BORROWER_SIDE,
  'contracts.review': BORROWER_SIDE,
  'contracts.review.comments': BORROWER_SIDE,
  'contracts.review.comment': BORROWER_SIDE,
  'contracts.review.comments.update': BORROWER_SIDE,
  'contracts.review.approve': BORROWER_SIDE,
  'contracts.review.reject': BORROWER_SIDE,
  'contracts.review.request_changes': BORROWER_SIDE,
  'workflows.index': BORROWER_SIDE,
  'workflows.show': BORROWER_SIDE,
  'templates.index': BORROWER_SIDE,
  'templates.show': BORROWER_SIDE,
  'company.members.index': BORROWER_SIDE,
  'compliances.index': BORROWER_SIDE,
  'compliances.show': BORROWER_SIDE,
  // WRITERS
  'contracts.providers.onboarding_link': WRITERS,
  'contracts.providers.onboarding.send': WRITERS,
  'contracts.onboarding.start': WRITERS,
  'onboardings.documents.review': WRITERS,
  'compliance_flows.store': WRITERS,
  'compliance_flows.update': WRITERS,
  'compliance_flows.destroy': WRITERS,
  'compliance_flows.providers.attach': WRITERS,
  'compliance_flows.providers.detach': WRITERS,
  'providers.compliance_flows.store': WRITERS,
  'team.store': WRITERS,
  'team.update': WRITERS,
  'team.destroy': WRITERS,
  'team.active': WRITERS,
  'team.compliance_flows.store': WRITERS,
  'team.compliance_flows.attach': WRITERS,
  'team.compliance_flows.update': WRITERS,
  'team.compliance_flows.destroy': WRITERS,
  'monitoring.retroactive.approve': WRITERS,
  'monitoring.retroactive.decline': WRITERS,
  'contracts.store': WRITERS,
  'contracts.update': WRITERS,
  'contracts.destroy': WRITERS,
  'contracts.status': WRITERS,
  'contracts.steps.complete': WRITERS,
  'contracts.cancel': WRITERS,
  'contracts.files.store': WRITERS,
  'contracts.files.destroy': WRITERS,
  'contracts.documents.review': WRITERS,
  'contracts.review.reminders': WRITERS,
  'contracts.signatures.configure': WRITERS,
  'contracts.signatures.start': WRITERS,
  'contracts.signatures.reminders': WRITERS,
  'workflows.store': WRITERS,
  'workflows.update': WRITERS,
  'workflows.destroy': WRITERS,
  'templates.store': WRITERS,
  'templates.update': WRITERS,
  'templates.destroy': WRITERS,
  'notifications.custom': WRITERS,
  // PROVIDER
  'provider.active_contract': PROVIDER,
  'provider.summary': PROVIDER,
  'hours.index': PROVIDER,
  'hours.current': PROVIDER,
  'hours.show': PROVIDER,
  'contracts.provider.documents': PROVIDER,
  'contracts.provider.detail': PROVIDER,
  'provider_compliances.index': PROVIDER,
  'provider_compliances.current': PROVIDER,
  'provider_compliances.show': PROVIDER,
  'provider_compliances.documents.store': PROVIDER,
  'provider_compliances.steps.submit': PROVIDER,
  'provider_compliances.steps.grant': PROVIDER,
  'monitoring.entries.store': PROVIDER,
  'monitoring.entries.update': PROVIDER,
  'monitoring.entries.destroy': PROVIDER,
  'monitoring.retroactive.store': PROVIDER,
  // CLIENTS
  'clients.index': CLIENTS,
  // EVERY_ROLE
  'monitoring.entries.show': EVERY_ROLE,
  'monitoring.retroactive.index': EVERY_ROLE,
  'monitoring.provider.entries': EVERY_ROLE,
  'monitoring.provider.summary': EVERY_ROLE,
  'contracts.index': EVERY_ROLE,
  'contracts.signatures': EVERY_ROLE,
  'contracts.signatures.sign': EVERY_ROLE,
  'contracts.signatures.reject': EVERY_ROLE,
  'notifications.index': EVERY_ROLE,
  'notifications.unread_count': EVERY_ROLE,
  'notifications.read_all': EVERY_ROLE,
  'notifications.read': EVERY_ROLE,
  'notifications.preferences.show': EVERY_ROLE,
  'notifications.preferences.update': EVERY_ROLE,
  'company.onboarding.check': EVERY_ROLE,
  'users.me.show': EVERY_ROLE,
  // ADMINS
  'company.notification_settings.show': ADMINS,
  'company.notification_settings.update': ADMINS,
  'company.update': ADMINS,
  'company.logo.store': ADMINS,
  'company.logo.destroy': ADMINS,
  'company.members.store': ADMINS,
  'company.members.update': ADMINS,
  'company.members.destroy': ADMINS,
  // ADMINS: webhooks (decisions "Integrations: webhooks")
  'webhooks.events': ADMINS,
  'webhooks.index': ADMINS,
  'webhooks.store': ADMINS,
  'webhooks.show': ADMINS,
  'webhooks.update': ADMINS,
  'webhooks.destroy': ADMINS,
  'webhooks.rotate_secret': ADMINS,
  'webhooks.test': ADMINS,
  'webhooks.deliveries': ADMINS,
  'webhooks.redeliver': ADMINS,
  'api_keys.index': ADMINS,
  'api_keys.store': ADMINS,
  'api_keys.rotate': ADMINS,
  'api_keys.destroy': ADMINS,
  'audit_log.index': ADMINS,
}

test.group('Permissions / the table of docs/decisions.md', () => {
  test('each role has exactly its documented permissions', ({ assert }) => {
    for (const role of ROLES) {
      assert.sameMembers([...ROLE_PERMISSIONS[role]], DOCUMENTED[role], role)
      assert.sameMembers(permissionsOf(role), DOCUMENTED[role], role)
    }
  })

  test('PERMISSIONS lists every permission once, and each is held by some role', ({ assert }) => {
    assert.lengthOf(new Set(PERMISSIONS), PERMISSIONS.length)
    const held = new Set(Object.values(DOCUMENTED).flat())
    assert.sameMembers([...PERMISSIONS], [...held])
  })

  test('permissionsOf: no role, no permission; the list is a copy', ({ assert }) => {
    assert.deepEqual(permissionsOf(null), [])
    assert.deepEqual(permissionsOf(undefined), [])
    const mine = permissionsOf('user')
    mine.push('company.ownership.transfer')
    assert.notInclude(permissionsOf('user'), 'company.ownership.transfer')
  })

  test('every route gate lets through exactly its documented roles', ({ assert }) => {
    const gates = gateDeclarations()
    assert.sameMembers([...gates.keys()], Object.keys(REACH))
    const wrong = Object.entries(REACH).flatMap(([name, roles]) => {
      const actual = ROLES.filter((role) => allows(role, gates.get(name)?.gate)).join(' ')
      return actual === roles ? [] : [`${name}: ${actual || 'nobody'} instead of ${roles}`]
    })
    assert.deepEqual(wrong, [])
  })

  test('allows: a permission, any of a list, MEMBER, and nothing for a missing gate', ({
    assert,
  }) => {
    assert.isTrue(allows('user', 'contracts.view'))
    assert.isFalse(allows('user', 'contracts.manage'))
    assert.isTrue(allows('provider', ['contracts.view', 'provider.contracts.view']))
    assert.isTrue(allows('user', ['contracts.view', 'provider.contracts.view']))
    assert.isFalse(allows('user', ['contracts.manage', 'provider.hours.log']))
    assert.isFalse(allows('owner', []))
    for (const role of ROLES) {
      assert.isTrue(allows(role, MEMBER), role)
      assert.isFalse(allows(role, undefined), role)
    }
  })
})

test.group('Permissions / what an API key may reach', () => {
  test('only key management is people-only', ({ assert }) => {
    const peopleOnly = [...gateDeclarations()]
      .filter(([, declared]) => declared.peopleOnly)
      .map(([name]) => name)
    assert.sameMembers(peopleOnly, [
      'api_keys.index',
      'api_keys.store',
      'api_keys.rotate',
      'api_keys.destroy',
    ])
  })

  test('keyMayUse: a permission gate, never a MEMBER gate, a people-only route or no gate', ({
    assert,
  }) => {
    assert.isTrue(keyMayUse({ gate: 'contracts.view', peopleOnly: false }))
    assert.isTrue(keyMayUse({ gate: ['hours.view', 'provider.hours.log'], peopleOnly: false }))
    assert.isFalse(keyMayUse({ gate: 'company.settings.manage', peopleOnly: true }))
    assert.isFalse(keyMayUse({ gate: MEMBER, peopleOnly: false }))
    assert.isFalse(keyMayUse(undefined))
  })
})
