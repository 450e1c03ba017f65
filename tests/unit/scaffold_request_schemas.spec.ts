import { test } from '@japa/runner'
import { openApiDocument } from '#services/platform/openapi_document'
import { documentedSchema, normalized } from '#support/request_schema'

type Json = Record<string, any>
interface JsonSchemaSource {
  toJSONSchema(): unknown
}

/**
 * Issue #20 item 4, one source for request schemas: a request body (or
 * query string) that the document describes and a VineJS validator
 * enforces must be the validator's own `toJSONSchema()`. An operation
 * names its validator with `x-validator: <file>#<export>` (body) or
 * `x-query-validator` (query string); make:resource writes both. Older
 * operations are listed in EXISTING below until their fragments carry the
 * extension; docs/decisions.md ("Scaffolding: make:resource (#20)") says
 * which are left and why.
 */
const EXISTING: Record<string, { body?: string; query?: string }> = {
  authPasswordForgot: { body: 'auth#forgotPasswordValidator' },
  authPasswordReset: { body: 'auth#resetPasswordValidator' },
  contractsCancel: { body: 'contract#cancelContractValidator' },
  monitoringRetroactiveDecline: { body: 'retroactive_request#declineRetroactiveRequestValidator' },
  teamActive: { body: 'team#toggleTeamLinkValidator' },
  usersMePasswordStore: { body: 'profile#registerPasswordValidator' },
  workflowsIndex: { query: 'workflow#listWorkflowsValidator' },
  templatesIndex: { query: 'contract_template#listTemplatesValidator' },
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

async function validatorOf(reference: string): Promise<JsonSchemaSource> {
  const [file, name] = reference.split('#')
  const module: Json = await import(`#validators/${file}`)
  if (!module[name]?.toJSONSchema) throw new Error(`${reference} is not a compiled validator`)
  return module[name]
}

function resolve(document: Json, node: Json): Json {
  if (!node?.$ref) return node
  const path = node.$ref.replace(/^#\//, '').split('/')
  return resolve(
    document,
    path.reduce((at: Json, key: string) => at[key], document)
  )
}

/** Every operation with the validators that describe its input */
async function operations() {
  const document = await openApiDocument()
  const found: { id: string; document: Json; operation: Json; parameters: Json[] }[] = []
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method]
      if (!operation) continue
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
      found.push({
        id: operation.operationId ?? `${method} ${path}`,
        document,
        operation,
        parameters,
      })
    }
  }
  return found
}

/** The documented query string as the JSON Schema of an object, to compare with the validator's */
function querySchema(document: Json, parameters: Json[]) {
  const query = parameters.map((p) => resolve(document, p)).filter((p) => p.in === 'query')
  return normalized({
    type: 'object',
    properties: Object.fromEntries(query.map((p) => [p.name, p.schema])),
    required: query.filter((p) => p.required).map((p) => p.name),
  })
}

test.group('OpenAPI request schemas come from the validators (#20)', () => {
  test('each x-validator body is the validator toJSONSchema()', async ({ assert }) => {
    let checked = 0
    for (const { id, document, operation } of await operations()) {
      const reference = operation['x-validator'] ?? EXISTING[id]?.body
      if (!reference) continue
      const documented = resolve(
        document,
        resolve(document, operation.requestBody)?.content?.['application/json']?.schema
      )
      assert.deepEqual(normalized(documented), documentedSchema(await validatorOf(reference)), id)
      checked++
    }
    assert.isAbove(checked, 0)
  })

  test('each x-query-validator query string is the validator toJSONSchema()', async ({
    assert,
  }) => {
    let checked = 0
    for (const { id, document, operation, parameters } of await operations()) {
      const reference = operation['x-query-validator'] ?? EXISTING[id]?.query
      if (!reference) continue
      const expected = documentedSchema(await validatorOf(reference))
      assert.deepEqual(querySchema(document, parameters), expected, id)
      checked++
    }
    assert.isAbove(checked, 0)
  })

  test('every operation of EXISTING is in the document', async ({ assert }) => {
    const ids = new Set((await operations()).map((operation) => operation.id))
    assert.deepEqual(
      Object.keys(EXISTING).filter((id) => !ids.has(id)),
      []
    )
  })
})
