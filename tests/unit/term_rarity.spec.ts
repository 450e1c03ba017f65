import { test } from '@japa/runner'
import { sampledTrigrams } from '#services/platform/term_rarity'

test.group('Term rarity: the trigrams a sample knows', () => {
  test("a term's trigrams are the ASCII runs of three inside each word, in lower case", ({
    assert,
  }) => {
    assert.sameMembers(sampledTrigrams('Plan 4821'), ['pla', 'lan', '482', '821'])
    assert.sameMembers(sampledTrigrams('a-bcd  xy'), ['bcd'])
    assert.sameMembers(sampledTrigrams('aaaa'), ['aaa'])
  })

  test('a word shorter than three, or a run with another character, gives none', ({ assert }) => {
    for (const term of ['57', 'ab c', '12.3', 'ção', 'é-1', '', 'zé']) {
      assert.deepEqual(sampledTrigrams(term), [], term)
    }
    assert.sameMembers(sampledTrigrams('Ação 2024'), ['202', '024'])
    assert.sameMembers(sampledTrigrams('acaoçx'), ['aca', 'cao'])
  })
})
