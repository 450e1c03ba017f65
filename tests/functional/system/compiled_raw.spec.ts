import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { compileRaw, type KnexRaw } from '#support/compiled_raw'

/** The Knex raw query of a text and its values, as the statements are built */
const rawOf = (sql: string, bindings: unknown) =>
  db.rawQuery(sql, bindings as any).knexQuery as unknown as KnexRaw

/** What Knex itself compiles (the reference), and compileRaw's answer on a first and a later run */
function compiledTwice(sql: string, bindings: unknown) {
  const reference = rawOf(sql, bindings).toSQL().toNative()
  const first = compileRaw(rawOf(sql, bindings))
  const later = compileRaw(rawOf(sql, bindings))
  return { reference, first, later }
}

test.group('compileRaw: a raw text compiled as Knex compiles it', () => {
  test('named values: casts, repeats, a colon in a literal and an unused name', ({ assert }) => {
    const sql = `SELECT format('{"totalCapped":true,"at":%s}', :at::text), CAST(:page AS int),
                        '-infinity'::timestamptz, :page + :size WHERE id = ANY(:ids) AND 'x:y' <> :page::text`
    const { reference, first, later } = compiledTwice(sql, {
      at: 'now',
      page: 3,
      size: 20,
      ids: ['a', 'b'],
      unused: 1,
    })
    assert.deepEqual(first, { sql: reference.sql, bindings: reference.bindings })
    assert.deepEqual(later, first)
    assert.strictEqual(later.sql, first.sql, 'the same text each run (its name is hashed once)')

    /** Other values of the same text go to their own places */
    const other = compileRaw(rawOf(sql, { at: 'then', page: 9, size: 50, ids: ['c'], unused: 2 }))
    const otherReference = rawOf(sql, { at: 'then', page: 9, size: 50, ids: ['c'], unused: 2 })
      .toSQL()
      .toNative()
    assert.deepEqual(other, { sql: otherReference.sql, bindings: otherReference.bindings })
  })

  test('another set of names of the same text compiles on its own', ({ assert }) => {
    const sql = 'SELECT :a, :b'
    const both = compileRaw(rawOf(sql, { a: 1, b: 2 }))
    const one = compileRaw(rawOf(sql, { a: 1 }))
    assert.deepEqual(one, rawOf(sql, { a: 1 }).toSQL().toNative())
    assert.notEqual(one.sql, both.sql)
  })

  test('positional values, and an escaped question mark', ({ assert }) => {
    const sql = "SELECT ?, ?::uuid, '\\?' AS mark WHERE x = ?"
    const { reference, first, later } = compiledTwice(sql, [1, 'b', null])
    assert.deepEqual(first, { sql: reference.sql, bindings: reference.bindings })
    assert.deepEqual(later, first)
  })

  test('identifiers and values written into the text are left to Knex', ({ assert }) => {
    const identifier = compiledTwice('SELECT :column: FROM t WHERE id = :id', {
      column: 'name',
      id: 1,
    })
    assert.deepEqual(identifier.later, identifier.reference)
    assert.include(identifier.later.sql, '"name"')

    const positionalIdentifier = compiledTwice('SELECT ?? FROM t WHERE id = ?', ['name', 1])
    assert.deepEqual(positionalIdentifier.later, positionalIdentifier.reference)

    const subquery = db.from('users').select('id').where('id', 'x').knexQuery
    const nested = compiledTwice('SELECT * FROM t WHERE id IN (:ids)', { ids: subquery })
    assert.deepEqual(nested.later, nested.reference)
  })

  test('an undefined value is refused as Knex refuses it', ({ assert }) => {
    assert.throws(
      () => compileRaw(rawOf('SELECT :a, :b', { a: 1, b: undefined })),
      /Undefined binding/
    )
  })
})
