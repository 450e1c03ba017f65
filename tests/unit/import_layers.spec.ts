import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { test } from '@japa/runner'

/**
 * Imports point down (docs/decisions.md, Structure). Each folder of
 * app/ is a layer; a file may import its own layer and the layers below:
 *
 *   controllers, middleware, auth (the guard)   HTTP
 *   actions                                     one use case each
 *   listeners                                   format and dispatch: no actions
 *   services                                    infrastructure, shared pipelines
 *   policies, abilities                         record rules, no I/O: no services
 *   models
 *   dtos, validators, support, enums,           leaves
 *   exceptions, events
 *
 * Two rules more: a service builds no DTO (the action or the controller
 * picks the response shape), so it imports a DTO's types only (`import
 * type`: the shape it fills, such as ActiveProvider); and a leaf reaches a
 * model only with `import type` (a leaf does no I/O). Otherwise `import
 * type` obeys the same order: a type an upper layer and a lower one share
 * lives in the lower one. Outside app/, only #config/* and #start/env,
 * and the models extend the generated schema classes (#database/schema).
 */
const RANKS: Record<string, number> = {
  controllers: 6,
  middleware: 6,
  auth: 6,
  actions: 5,
  listeners: 4,
  services: 3,
  policies: 2,
  abilities: 2,
  models: 1,
  dtos: 0,
  validators: 0,
  support: 0,
  enums: 0,
  exceptions: 0,
  events: 0,
}

const OUTSIDE_APP = [/^#config\//, /^#start\/env$/]

/** The classes Lucid generates from the migrated database, which the models extend */
const SCHEMA_CLASSES = '#database/schema'

const ALIAS_IMPORT =
  /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](#[^'"]+)['"]|\bimport\(\s*['"](#[^'"]+)['"]\s*\)/gm

interface Import {
  file: string
  specifier: string
  typeOnly: boolean
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') ? [path] : []
  })
}

function importsOf(file: string): Import[] {
  const source = readFileSync(file, 'utf8')
  return [...source.matchAll(ALIAS_IMPORT)].map((match) => ({
    file,
    specifier: match[2] ?? match[3],
    typeOnly: Boolean(match[1]),
  }))
}

/** The layer of an app/ file: its first folder below app/ */
const layerOfFile = (file: string) => file.split('/')[1]

/** Why an import breaks the rule, or null when it is allowed */
function violation(from: string, { specifier, typeOnly }: Import): string | null {
  const alias = specifier.slice(1).split('/')[0]
  if (from === 'models' && specifier === SCHEMA_CLASSES) return null
  if (!(alias in RANKS)) {
    return OUTSIDE_APP.some((allowed) => allowed.test(specifier))
      ? null
      : `app/ imports outside app/ only from #config/* and #start/env`
  }
  const to = alias
  if (from === to) return null
  if (from === 'services' && to === 'dtos') {
    return typeOnly ? null : 'a service builds no DTO (import type only)'
  }
  if (RANKS[from] === 0 && to === 'models') {
    return typeOnly ? null : 'a leaf imports a model with `import type` only'
  }
  if (RANKS[to] > RANKS[from]) return `${from} is below ${to}`
  return null
}

test.group('Import layers', () => {
  const files = sourceFiles('app').map((path) => relative('.', path).split('\\').join('/'))

  test('every folder of app/ has a layer', ({ assert }) => {
    const unplaced = [...new Set(files.map(layerOfFile))].filter((layer) => !(layer in RANKS))
    assert.deepEqual(unplaced, [], 'folders of app/ missing from RANKS')
  })

  test('reads the imports of every app/ file', ({ assert }) => {
    assert.isAbove(files.length, 300)
    const imports = files.flatMap(importsOf)
    assert.isAbove(imports.length, 1000)
    assert.isTrue(imports.some((i) => i.typeOnly && i.specifier.startsWith('#models/')))
  })

  test('no import points up', ({ assert }) => {
    const upward = files.flatMap((file) =>
      importsOf(file)
        .map((entry) => ({ entry, why: violation(layerOfFile(file), entry) }))
        .filter(({ why }) => why !== null)
        .map(({ entry, why }) => `${entry.file} imports ${entry.specifier}: ${why}`)
    )
    assert.deepEqual(upward, [], 'imports that point up')
  })

  test('the rule catches an upward import', ({ assert }) => {
    const entry = (specifier: string, typeOnly = false) => ({ file: 'x', specifier, typeOnly })
    assert.isNotNull(violation('services', entry('#actions/onboarding/show_onboarding')))
    assert.isNotNull(violation('services', entry('#actions/onboarding/show_onboarding', true)))
    assert.isNotNull(violation('listeners', entry('#actions/team/create_invitation')))
    assert.isNotNull(violation('policies', entry('#services/compliance/reviewers', true)))
    assert.isNotNull(violation('dtos', entry('#services/onboarding/file_storage')))
    assert.isNotNull(violation('dtos', entry('#models/onboarding')))
    assert.isNotNull(violation('services', entry('#dtos/user_dto')))
    assert.isNull(violation('services', entry('#dtos/available_provider_dto', true)))
    assert.isNotNull(violation('models', entry('#tests/support/routes')))
    assert.isNull(violation('dtos', entry('#models/onboarding', true)))
    assert.isNull(violation('actions', entry('#actions/team/find_team_member')))
    assert.isNull(violation('controllers', entry('#services/platform/clock')))
    assert.isNull(violation('services', entry('#start/env')))
    assert.isNull(violation('models', entry('#database/schema')))
    assert.isNotNull(violation('services', entry('#database/schema')))
  })
})
