import { test } from '@japa/runner'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ace from '@adonisjs/core/services/ace'
import app from '@adonisjs/core/services/app'
import MakeResource, { parseField, permissionFor, templateSafe } from '#commands/make_resource'

/**
 * The parts of make:resource that a generated file does not
 * show. The generated files themselves are proven by scripts/check-scaffold.sh
 * (tsc, lint and the generated functional test in a scratch copy, in CI).
 */
test.group('Scaffold / field arguments', () => {
  test('name:type[:modifier...] in the Rails style', ({ assert }) => {
    assert.deepInclude(parseField('code:string:unique'), {
      name: 'code',
      column: 'code',
      type: 'string',
      unique: true,
      optional: false,
      index: false,
    })
    assert.deepInclude(parseField('spentOn:date:optional:index'), {
      name: 'spentOn',
      column: 'spent_on',
      optional: true,
      index: true,
    })
    assert.deepInclude(parseField('kind:enum(travel|meal)'), {
      type: 'enum',
      enumValues: ['travel', 'meal'],
    })
    assert.deepInclude(parseField('costCenter:references'), {
      name: 'costCenterId',
      column: 'cost_center_id',
      parent: { model: 'CostCenter', file: 'cost_center', table: 'cost_centers' },
    })
  })

  test('a bad field is refused with what to write instead', ({ assert }) => {
    assert.throws(() => parseField('code:varchar'), /the type must be one of string, text/)
    assert.throws(() => parseField('code:string:primary'), /unknown modifier primary/)
    assert.throws(() => parseField('kind:enum()'), /enum values are words/)
    assert.throws(() => parseField('Code:string'), /must start with a lowercase letter/)
    assert.throws(() => parseField('companyId:uuid'), /written by the generator itself/)
  })
})

test.group('Scaffold / role gates from the permission table', () => {
  test('the defaults map to the permissions held by exactly those roles', ({ assert }) => {
    assert.equal(permissionFor(['owner', 'admin', 'borrower', 'user']), 'contracts.view')
    assert.equal(permissionFor(['owner', 'admin']), 'company.members.manage')
    assert.equal(permissionFor(['owner', 'admin', 'borrower']), 'contracts.manage')
    assert.isUndefined(permissionFor(['user']))
  })
})

test.group('Scaffold / stub text survives the template engine', () => {
  test('backticks, ${, backslashes and the line breaks before a tag are kept', async ({
    assert,
  }) => {
    const text = [
      'const a = `${URL}/${id}`',
      "const b = '\\n'",
      'class A {',
      '{{{ body }}}',
      '}',
      '',
      '{{{ tail }}}',
    ].join('\n')
    /** through the stubs manager make:resource uses (Tempura underneath) */
    const folder = await mkdtemp(join(tmpdir(), 'stub-'))
    await writeFile(join(folder, 'probe.stub'), `{{{ exports({ to: '/tmp/probe.ts' }) }}}\n${text}`)
    const stub = await (await app.stubs.create()).build('probe.stub', { source: folder })
    await rm(folder, { recursive: true })
    const raw = `{{{ exports({ to: '/tmp/probe.ts' }) }}}\n${templateSafe(text)}`
    const StubClass = stub.constructor as new (...params: unknown[]) => typeof stub
    const { contents } = await new StubClass(app, raw, 'probe.stub').prepare({
      body: '  x = 1',
      tail: 'end',
    })
    assert.equal(
      contents,
      ['const a = `${URL}/${id}`', "const b = '\\n'", 'class A {', '  x = 1', '}', '', 'end'].join(
        '\n'
      )
    )
  })
})

test.group('Scaffold / make:resource writes nothing it should not', (group) => {
  group.each.setup(() => {
    ace.ui.switchMode('raw')
    return () => ace.ui.switchMode('normal')
  })

  test('--dry-run lists the files and writes none', async ({ assert }) => {
    const command = await ace.create(MakeResource, ['ScaffoldProbe', 'code:string', '--dry-run'])
    await command.exec()
    assert.equal(command.exitCode, 0)
    const logs = command.ui.logger.getLogs().map((log) => log.message)
    assert.isTrue(logs.some((line) => line.includes('create app/models/scaffold_probe.ts')))
    assert.isTrue(logs.some((line) => line.includes('update tests/unit/permissions.spec.ts')))
    assert.isFalse(existsSync(app.makePath('app/models/scaffold_probe.ts')))
    assert.isFalse(existsSync(app.makePath('start/routes/scaffold_probes.ts')))
  })

  test('an existing resource is refused without --force, and nothing is written', async ({
    assert,
  }) => {
    const watched = ['app/models/workflow.ts', 'start/routes.ts', 'tests/unit/permissions.spec.ts']
    const before = watched.map((path) => readFileSync(app.makePath(path), 'utf8'))
    const command = await ace.create(MakeResource, ['Workflow', 'name:string'])
    await command.exec()
    assert.equal(command.exitCode, 1)
    const errors = command.ui.logger.getLogs().map((log) => log.message)
    assert.isTrue(errors.some((line) => line.includes('Refusing to overwrite (use --force)')))
    assert.deepEqual(
      watched.map((path) => readFileSync(app.makePath(path), 'utf8')),
      before
    )
    assert.isFalse(existsSync(app.makePath('tests/functional/workflows/workflows.spec.ts')))
  })

  test('a role set that no permission matches is refused', async ({ assert }) => {
    const command = await ace.create(MakeResource, [
      'ScaffoldProbe',
      'code:string',
      '--write-roles',
      'user',
    ])
    await command.exec()
    assert.equal(command.exitCode, 1)
    const errors = command.ui.logger.getLogs().map((log) => log.message)
    assert.isTrue(errors.some((line) => line.includes('No permission is held by exactly user')))
    assert.isFalse(existsSync(app.makePath('app/models/scaffold_probe.ts')))
  })
})
