import { test } from '@japa/runner'
import { escapeLike, hasTrigrams } from '#support/like'

test.group('LIKE patterns', () => {
  test('a term is matched as typed: its wildcards are escaped', ({ assert }) => {
    assert.equal(escapeLike('50%_a\\b'), '50\\%\\_a\\\\b')
  })

  test('a term has trigrams when a word of it has three letters or digits', ({ assert }) => {
    for (const term of ['fornecedor 12', '123', 'São', 'ação', 'a-bcd']) {
      assert.isTrue(hasTrigrams(term), term)
    }
    for (const term of ['57', 'ab c', '12.3', 'a b', '', 'é-1']) {
      assert.isFalse(hasTrigrams(term), term)
    }
  })
})
