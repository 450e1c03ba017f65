import { test } from '@japa/runner'
import { searchPlan } from '#support/pagination'

test.group('searchPlan', () => {
  test('a bounded search by a term with trigrams runs on its generic plan', ({ assert }) => {
    assert.equal(searchPlan('obras'), 'generic')
    assert.equal(searchPlan('fornecedor 12'), 'generic')
  })

  test('a term without a trigram decides the plan: planned on each run', ({ assert }) => {
    assert.equal(searchPlan('57'), 'each run')
    assert.equal(searchPlan('57', { bounded: false }), 'each run')
  })

  test('a page without a term, or a search that is not bounded, is left to PostgreSQL', ({
    assert,
  }) => {
    assert.equal(searchPlan(), 'kept')
    assert.equal(searchPlan('   '), 'kept')
    assert.equal(searchPlan('obras', { bounded: false }), 'kept')
  })
})
