import { test } from '@japa/runner'
import { searchPlan } from '#support/pagination'
import { contractListPlan } from '#actions/contracts/list_contracts'

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

test.group('contractListPlan', () => {
  test("a search within a status filter is left to PostgreSQL's rule", ({ assert }) => {
    assert.equal(contractListPlan({ search: 'obras', status: ['active'] }), 'kept')
    assert.equal(contractListPlan({ search: 'obras' }), 'generic')
    assert.equal(contractListPlan({ status: ['active'] }), 'generic')
  })

  test('a term without a trigram is planned on each run, filtered or not', ({ assert }) => {
    assert.equal(contractListPlan({ search: '57', status: ['active'] }), 'each run')
    assert.equal(contractListPlan({ search: '57' }), 'each run')
  })
})
