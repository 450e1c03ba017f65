import { test } from '@japa/runner'
import PathIdsMiddleware, { type PathIdsOptions } from '#middleware/path_ids_middleware'
import { NotFoundException } from '#exceptions/http_exceptions'

const UUID = '0b9f8f5e-6c1a-4c1e-9d3e-2f4b5a6c7d8e'

/** Runs the middleware on route params; says whether the route went on */
async function pathIds(params: Record<string, unknown>, options: PathIdsOptions) {
  const ctx = { params: { ...params } } as any
  let reached = false
  await new PathIdsMiddleware().handle(
    ctx,
    async () => {
      reached = true
    },
    options
  )
  return { params: ctx.params, reached }
}

test.group('pathIds middleware (the one check of ids in paths)', () => {
  test('UUID v4 ids go on, lowercased; other params and absent names are left alone', async ({
    assert,
  }) => {
    const ok = await pathIds(
      { id: UUID.toUpperCase(), stepKey: 'parts' },
      { names: ['id', 'docId'] }
    )
    assert.isTrue(ok.reached)
    assert.deepEqual(ok.params, { id: UUID, stepKey: 'parts' })
  })

  test('anything else is 404 before the route: {value}')
    .with([
      { value: 42 },
      { value: 'x' },
      { value: `${UUID}0` },
      { value: `0${UUID}` },
      { value: UUID.replace(/-/g, '') },
      { value: '8f0c3f5e-1b2a-11ee-be56-0242ac120002' },
      { value: '00000000-0000-0000-0000-000000000000' },
    ])
    .run(async ({ assert }, { value }) => {
      let reached = false
      try {
        reached = (await pathIds({ a: UUID, b: value }, { names: ['a', 'b'] })).reached
        assert.fail('a malformed id went on')
      } catch (error) {
        assert.instanceOf(error, NotFoundException)
        assert.equal((error as NotFoundException).message, 'errors.resource_not_found')
      }
      assert.isFalse(reached)
    })

  test("a route may name its resource's 404 message", async ({ assert }) => {
    await assert.rejects(
      () => pathIds({ id: 'nope' }, { names: ['id'], message: 'Notificação não encontrada' }),
      'Notificação não encontrada'
    )
  })
})
