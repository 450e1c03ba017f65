import { test } from '@japa/runner'

test.group('System / error bodies', () => {
  test('an unknown route is 404 {message}', async ({ client, assert }) => {
    const response = await client.get('/api/v1/does-not-exist')
    response.assertStatus(404)
    assert.deepEqual(Object.keys(response.body()).sort(), ['code', 'message'])
    response.assertBodyContains({ message: 'Rota não encontrada' })
  })

  test('malformed JSON is 400 {message} without echoing the body', async ({ client, assert }) => {
    const response = await client
      .post('/api/v1/auth/login')
      .header('content-type', 'application/json')
      .json('{"email": "a@b.c", "password": ' as any)
    response.assertStatus(400)
    response.assertBodyContains({ message: 'Corpo JSON malformado' })
    assert.notInclude(JSON.stringify(response.body()), 'password')
  })

  test('a JSON scalar body is 422: every endpoint takes an object', async ({ client }) => {
    const response = await client
      .post('/api/v1/auth/login')
      .header('content-type', 'application/json')
      .json('"just a string"' as any)
    response.assertStatus(422)
    response.assertBodyContains({ errors: [{ field: 'body', rule: 'object' }] })
  })

  test('a body over the limit is 413 {message}', async ({ client }) => {
    const response = await client
      .post('/api/v1/auth/login')
      .json({ email: 'a@b.test', password: 'x'.repeat(2 * 1024 * 1024) })
    response.assertStatus(413)
    response.assertBodyContains({ message: 'Corpo da requisição grande demais' })
  })

  test('validation errors are 422 {message, errors[field, rule, message]}', async ({
    client,
    assert,
  }) => {
    const response = await client.post('/api/v1/auth/login').json({ email: 'x' })
    response.assertStatus(422)
    const body = response.body()
    assert.isString(body.message)
    for (const error of body.errors) assert.properties(error, ['field', 'rule', 'message'])
  })

  test('no stack trace or SQL in any error body', async ({ client, assert }) => {
    const response = await client.get('/api/v1/company').bearerToken('a.b.c')
    response.assertStatus(401)
    const text = JSON.stringify(response.body())
    assert.notMatch(text, /at .*\.ts:\d+|select |insert /i)
  })
})
