import { test } from '@japa/runner'
import { field, jsonShape } from '#support/json_shape'
import { RESPONSE_SHAPES } from '#support/response_shapes'

/** The keys of a format() template, in order */
const templateKeys = (sql: string) =>
  [...(/^format\('(\{.*?\})',/s.exec(sql)?.[1] ?? '').matchAll(/"(\w+)":(?:"%s"|%s)/g)].map(
    (match) => match[1]
  )

test.group('Response shapes (jsonShape)', () => {
  test('every declared shape gives the same keys, in the same order, to its mapping, SQL and schema', ({
    assert,
  }) => {
    const shapes = RESPONSE_SHAPES.flatMap((shape) => shape.withNested())
    assert.isAbove(shapes.length, 10)
    for (const shape of shapes) {
      const keys = Object.keys(shape.fields)
      assert.deepEqual(Object.keys(shape.schema().properties as object), keys, shape.name)
      assert.deepEqual(shape.schema().required, keys, shape.name)
      const params = {
        row: 'x',
        isRead: 'true',
        readAt: 'NULL',
        attached: "'[]'",
        attachedCount: '0',
      }
      assert.deepEqual(templateKeys(shape.formatSql(params)), keys, shape.name)
    }
  })

  test('a field reads its column, prints its kind and nulls what may be null', ({ assert }) => {
    const shape = jsonShape('Sample', {
      id: field.uuid('{row}.id'),
      companyId: field.uuidOrNull('{row}.company_id'),
      name: field.text('{row}.name'),
      count: field.number('{row}.count'),
      active: field.boolean('{row}.active'),
    })
    assert.deepEqual(shape.from({ id: 'a', name: 'N', count: 2, active: false }), {
      id: 'a',
      companyId: null,
      name: 'N',
      count: 2,
      active: false,
    })
    assert.equal(
      shape.formatSql({ row: 't' }),
      `format('{"id":"%s","companyId":%s,"name":%s,"count":%s,"active":%s}', t.id, coalesce('"' || t.company_id || '"', 'null'), to_json(t.name), t.count, CASE WHEN t.active THEN 'true' ELSE 'false' END)`
    )
  })

  test('a boolean that may be null prints null, and its schema allows it', ({ assert }) => {
    const shape = jsonShape('Sample', { flag: field.booleanOrNull('{row}.flag') })
    assert.deepEqual(shape.from({ flag: null }), { flag: null })
    assert.deepEqual(shape.from({ flag: true }), { flag: true })
    assert.equal(
      shape.formatSql({ row: 't' }),
      `format('{"flag":%s}', coalesce(t.flag::text, 'null'))`
    )
    assert.deepEqual(shape.schema().properties, { flag: { type: ['boolean', 'null'] } })
  })

  test('a page of rows gives the data in the shape and the pagination meta', ({ assert }) => {
    const shape = jsonShape('Sample', { id: field.uuid('{row}.id') })
    const paginator = { all: () => [{ id: 'a', extra: 1 }], total: 3, currentPage: 2, perPage: 2 }
    assert.deepEqual(shape.page(paginator), {
      data: [{ id: 'a' }],
      meta: { total: 3, page: 2, perPage: 2, totalPages: 2 },
    })
  })

  test('a parameter the caller does not give is an error, not SQL with a hole', ({ assert }) => {
    const shape = jsonShape('Sample', { read: field.boolean('{isRead}', { read: () => true }) })
    assert.throws(() => shape.formatSql({}), 'json_shape: no value for {isRead}')
  })

  test('a field whose SQL is not a plain column must say how it is read', ({ assert }) => {
    assert.throws(() => field.text('coalesce(a.name, b.name)'), /needs a reader/)
  })
})
