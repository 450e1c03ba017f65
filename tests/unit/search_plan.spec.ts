import { test } from '@japa/runner'
import { searchPlan } from '#support/pagination'
import { filteredStatuses } from '#actions/contracts/list_contracts'

test.group('searchPlan', () => {
  test('a term with trigrams runs on the generic plan (a bounded search does not depend on it)', ({
    assert,
  }) => {
    assert.equal(searchPlan('obras'), 'generic')
    assert.equal(searchPlan('fornecedor 12'), 'generic')
    assert.equal(searchPlan('123'), 'generic')
  })

  test('a term without a trigram decides the plan: planned on each run', ({ assert }) => {
    assert.equal(searchPlan('57'), 'each run')
    assert.equal(searchPlan(' a '), 'each run')
  })

  test('a page without a term runs on the generic plan', ({ assert }) => {
    assert.equal(searchPlan(), 'generic')
    assert.equal(searchPlan('   '), 'generic')
  })
})

test.group('filteredStatuses', () => {
  test('no status filter: the statuses are read together', ({ assert }) => {
    assert.isUndefined(filteredStatuses({ search: 'obras' }))
    assert.isUndefined(filteredStatuses({ search: 'obras', status: [] }))
  })

  test("a status filter: each status through its own index, in the enum's order, once", ({
    assert,
  }) => {
    const byStatus = filteredStatuses({ search: 'obras', status: ['active', 'draft', 'active'] })!
    assert.deepEqual(byStatus.statuses, ['draft', 'active'])
    assert.include(byStatus.reads('draft'), 'contract_name_statuses', 'if its names held the term')
    assert.include(byStatus.reads('draft'), "names.status = 'draft'")
    assert.isNull(byStatus.reads(), 'never the whole index')
    /** A term without a trigram has no pieces to look for: every status is read */
    assert.equal(filteredStatuses({ search: '57', status: ['draft'] })!.reads('draft'), 'true')
  })
})
