import { test } from '@japa/runner'
import { searchPlan } from '#support/pagination'

test.group('searchPlan', () => {
  test("a term with trigrams is planned as the caller says, PostgreSQL's rule by default", ({
    assert,
  }) => {
    assert.equal(searchPlan('obras'), 'kept')
    assert.equal(searchPlan('fornecedor 12', 'generic'), 'generic')
  })

  test('a term without a trigram decides the plan: planned on each run', ({ assert }) => {
    assert.equal(searchPlan('57'), 'each run')
    assert.equal(searchPlan('57', 'generic'), 'each run')
  })

  test('a page without a term is left to PostgreSQL', ({ assert }) => {
    assert.equal(searchPlan(), 'kept')
    assert.equal(searchPlan('   ', 'generic'), 'kept')
  })
})
