import { test } from '@japa/runner'
import { searchPlan } from '#support/pagination'

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
