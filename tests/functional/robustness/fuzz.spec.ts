import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import fc from 'fast-check'
import type { ApiClient } from '@japa/api-client'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import sessionTokens from '#services/auth/session_token_service'
import { openApiDocument } from '#services/platform/openapi_document'
import { allows } from '#support/permissions'
import { allRoutes } from '#tests/support/routes'
import { linkProvider } from '#tests/support/tenancy'
import { type OnboardingScenario, onboardingScenario } from '#tests/support/onboarding'

/**
 * Schema-driven fuzz test: every operation of docs/openapi gets
 * malformed path parameters, query strings and bodies (fast-check), sent
 * as a role its route gate allows. Whatever it sends: no 5xx, a JSON
 * `{message}` on every 4xx, and a refused write changes no row.
 *
 * `npm test` runs FUZZ_RUNS (20) inputs per operation with a fixed seed;
 * `npm run fuzz` runs more with a random seed. A failure prints the seed
 * and the counterexample; FUZZ_SEED=<seed> replays it.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const SEED = Number(process.env.FUZZ_SEED ?? (process.env.FUZZ_RANDOM ? Date.now() : 20261123))
if (process.env.FUZZ_RANDOM || process.env.FUZZ_SEED) {
  console.log(`fuzz: ${RUNS} inputs per operation, seed ${SEED} (replay with FUZZ_SEED=${SEED})`)
}

type Json = Record<string, any>
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
type Method = (typeof METHODS)[number]

interface Operation {
  method: Method
  template: string
  pathParams: string[]
  queryParams: string[]
  bodyProperties: string[]
  gate: 'public' | 'onboarding' | 'owner' | 'provider'
}

interface World {
  scenario: OnboardingScenario
  tokens: { owner: string; provider: string }
  ids: string[]
}

/** Strings that break naive code: empty, huge, control characters, lone surrogates, injections */
const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    'a\u0000b',
    '\u0007',
    '\ud800',
    'x\udfffy',
    '🙂',
    '\u202e\u0301',
    "' OR 1=1 --",
    '%00',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'null',
    'NaN',
    '1e400',
    '-1',
    '99999999999999999999'
  ),
  fc.constant('x'.repeat(100_000)),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 })
)

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2147483648, -2147483649, 1e20, Number.MAX_SAFE_INTEGER, 1e308),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true })
)

/** Objects nested past the 32-level cap, built without recursion */
const deepValue = fc.integer({ min: 30, max: 200 }).map((levels) => {
  let value: unknown = 'deep'
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { a: value }
  return value
})

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  deepValue,
  fc.array(fc.oneof(hostileString, hostileNumber, fc.constant(null)), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(hostileString, hostileNumber), {
    maxKeys: 4,
  }),
  fc.uuid(),
  fc.constant(randomUUID())
)

/** A JSON body: the wrong root type, or the documented properties holding hostile values */
function bodyArbitrary(properties: string[]) {
  const wrongRoot = fc.oneof(
    fc.constantFrom('[]', '[{}]', '"text"', '42', 'null', 'true', '{', '{"a":1}}', ''),
    deepValue.map((value) => JSON.stringify({ value })),
    fc.constant(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`)
  )
  const keys = properties.length ? properties : ['name']
  const shaped = fc
    .record(Object.fromEntries(keys.map((key) => [key, hostileValue])), { requiredKeys: [] })
    .map((body) => JSON.stringify(body))
  return fc.oneof({ weight: 1, arbitrary: wrongRoot }, { weight: 4, arbitrary: shaped })
}

/** Path parameters: real ids of the world (so deeper code runs), foreign ids, malformed ones */
function pathValue(world: World) {
  return fc.oneof(
    fc.constantFrom(...world.ids),
    fc.uuid(),
    fc.constantFrom(
      'abc',
      '0',
      '-1',
      '99999999999999999999',
      'null',
      'a'.repeat(300),
      '00000000-0000-0000-0000-000000000000',
      randomUUID().toUpperCase(),
      randomUUID().replaceAll('-', ''),
      '🙂',
      "'",
      '2026-13',
      '1e400'
    )
  )
}

const queryValue = fc.oneof(
  hostileString.filter((value) => value.length < 2000),
  hostileNumber.map(String),
  fc.constantFrom('true', 'false', '[]', '{}')
)

function operationInput(operation: Operation, world: World) {
  return fc.record({
    path: fc.tuple(...operation.pathParams.map(() => pathValue(world))),
    query: fc.record(
      Object.fromEntries(
        [...operation.queryParams, 'page', 'perPage'].map((name) => [
          name,
          fc.oneof(queryValue, fc.array(queryValue, { minLength: 2, maxLength: 3 })),
        ])
      ),
      { requiredKeys: [] }
    ),
    body: ['post', 'put', 'patch'].includes(operation.method)
      ? bodyArbitrary(operation.bodyProperties)
      : fc.constant(undefined),
  })
}

/** Every documented operation, with the role its route gate lets through */
async function operations(): Promise<Operation[]> {
  const document = await openApiDocument()
  const routes = allRoutes()
  const found: Operation[] = []
  for (const [template, item] of Object.entries<Json>(document.paths)) {
    const pattern = `/api/v1${template.replace(/\{([^}]+)\}/g, ':$1')}`
    for (const method of METHODS) {
      const spec = item[method] as Json | undefined
      if (!spec) continue
      const route = routes.find(
        (candidate) =>
          candidate.pattern === pattern && candidate.methods.includes(method.toUpperCase())
      )
      const parameters = [...(item.parameters ?? []), ...(spec.parameters ?? [])].map(
        (parameter: Json) => resolve(document, parameter)
      )
      const schema = resolve(
        document,
        spec.requestBody?.content?.['application/json']?.schema ?? {}
      )
      found.push({
        method,
        template,
        pathParams: [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]),
        queryParams: parameters.filter((p: Json) => p.in === 'query').map((p: Json) => p.name),
        bodyProperties: Object.keys(schema.properties ?? {}),
        gate: gateOf(route),
      })
    }
  }
  return found
}

function resolve(document: Json, node: Json): Json {
  if (!node?.$ref) return node
  return (node.$ref as string)
    .slice(2)
    .split('/')
    .reduce((current: Json, key: string) => current[key], document)
}

function gateOf(route: ReturnType<typeof allRoutes>[number] | undefined): Operation['gate'] {
  if (!route) return 'owner'
  if (route.middleware.includes('onboardingToken')) return 'onboarding'
  if (!route.middleware.includes('auth')) return 'public'
  if (!route.middleware.includes('company')) return 'owner'
  return allows('owner', route.declared?.gate) ? 'owner' : 'provider'
}

/**
 * A fingerprint of every table: row count and the sum of the rows'
 * physical addresses (an UPDATE writes a new row version, so even an
 * update to the same values moves it). Every case rolls back to its
 * savepoint, so the state before each case is the same: the fingerprint is
 * taken once, and after a refused write only when PostgreSQL's counters of
 * this transaction say a row was written at all (`writes()`, cheap).
 */
let fingerprintSql: string | undefined
async function fingerprint(): Promise<string> {
  if (!fingerprintSql) {
    const tables = await db
      .from('pg_tables')
      .where('schemaname', 'public')
      .whereNotIn('tablename', ['adonis_schema', 'adonis_schema_versions'])
      .select('tablename')
    fingerprintSql = tables
      .map(
        ({ tablename }) =>
          `select '${tablename}' as t, count(*) as n, coalesce(sum(hashtext(ctid::text)), 0) as h from "${tablename}"`
      )
      .join(' union all ')
  }
  const { rows } = await db.rawQuery(fingerprintSql)
  return rows.map((row: Json) => `${row.t}:${row.n}:${row.h}`).join(',')
}

async function writes(): Promise<number> {
  const { rows } = await db.rawQuery(
    'select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::bigint as n from pg_stat_xact_user_tables'
  )
  return Number(rows[0].n)
}

function url(operation: Operation, path: string[], query: Record<string, unknown>, world: World) {
  let index = 0
  const relative = operation.template.replace(/\{([^}]+)\}/g, (_match, name) => {
    const value = name === 'token' ? world.scenario.token : path[index]
    index++
    return encodeURIComponent(value)
  })
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    for (const one of Array.isArray(value) ? value : [value]) search.append(name, String(one))
  }
  const qs = search.toString()
  return `/api/v1${relative}${qs ? `?${qs}` : ''}`
}

function send(client: ApiClient, operation: Operation, target: string, world: World) {
  const request = client[operation.method](target)
  const { scenario, tokens } = world
  if (operation.gate === 'onboarding') return request.bearerToken(scenario.token)
  if (operation.gate === 'public') return request
  return request
    .header('x-company-id', scenario.borrower.id)
    .bearerToken(operation.gate === 'provider' ? tokens.provider : tokens.owner)
}

const planned = await operations()

test.group('Robustness / fuzz over every OpenAPI operation', (group) => {
  let world: World
  group.setup(async () => {
    const rollback = await testUtils.db().withGlobalTransaction()
    const scenario = await onboardingScenario()
    await linkProvider(scenario.borrower, scenario.providerOwner)
    const owner = await sessionTokens.openSession(scenario.borrowerOwner, {})
    const provider = await sessionTokens.openSession(scenario.providerOwner, {})
    world = {
      scenario,
      tokens: { owner: owner.accessToken, provider: provider.accessToken },
      ids: [
        scenario.contractId,
        scenario.borrower.id,
        scenario.borrowerOwner.id,
        scenario.providerId,
        scenario.providerOwner.id,
        scenario.onboarding.id,
        scenario.onboarding.documents[0]?.id ?? randomUUID(),
        scenario.onboarding.formFields[0]?.id ?? randomUUID(),
      ],
    }
    return rollback
  })

  test('{method} {template}')
    .with(planned)
    .run(async ({ client, assert }, operation) => {
      const isWrite = operation.method !== 'get'
      const baseline = isWrite ? await fingerprint() : ''
      await fc.assert(
        fc.asyncProperty(operationInput(operation, world), async (input) => {
          await db.rawQuery('savepoint fuzz_case')
          try {
            const before = isWrite ? await writes() : 0
            const target = url(operation, input.path, input.query, world)
            let request = send(client as ApiClient, operation, target, world)
            if (input.body !== undefined) {
              request = request.header('content-type', 'application/json').json(input.body as any)
            }
            const response = await request
            const status = response.status()
            const where = `${operation.method.toUpperCase()} ${target.slice(0, 200)} -> ${status}`
            assert.isBelow(status, 500, `${where}: ${JSON.stringify(response.body())}`)
            if (status >= 400) {
              assert.isString(response.body()?.message, `${where}: no {message}`)
              if (isWrite && (await writes()) !== before) {
                assert.equal(await fingerprint(), baseline, `${where}: a row changed`)
              }
            }
          } finally {
            await db.rawQuery('rollback to savepoint fuzz_case')
          }
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true }
      )
    })
    .timeout(RUNS * 10_000)
})
