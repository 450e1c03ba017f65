import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import drive from '@adonisjs/drive/services/main'
import DataExportsProcess from '#commands/data_exports_process'
import DataExport from '#models/data_export'
import { UserFactory } from '#database/factories/user_factory'
import { companyWithOwner } from '#tests/support/tenancy'

const REQUEST = '/api/v1/users/me/data-export'
const show = (id: string) => `/api/v1/users/me/data-exports/${id}`

async function processExports() {
  const ace = await app.container.make('ace')
  ace.ui.switchMode('raw')
  const command = await ace.create(DataExportsProcess, [])
  await command.exec()
  command.assertSucceeded()
  return command
}

test.group('Profile / data export', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => {
    emitter.restore()
    drive.restore('fs')
  })

  test('request (202), process into a private archive, then a signed URL', async ({
    client,
    assert,
  }) => {
    const disk = drive.fake('fs')
    const events = emitter.fake(['profile:data_export_ready'])
    const { owner } = await companyWithOwner()

    const requested = await client.post(REQUEST).loginAs(owner)
    requested.assertStatus(202)
    const { id, status } = requested.body().data
    assert.equal(status, 'pending')

    const again = await client.post(REQUEST).loginAs(owner)
    again.assertStatus(202)
    assert.equal(again.body().data.id, id)

    const pending = await client.get(show(id)).loginAs(owner)
    pending.assertStatus(200)
    pending.assertBodyContains({ data: { id, status: 'pending', url: null } })

    const command = await processExports()
    command.assertLogMatches(/1 ready, 0 failed/)

    const key = `data-exports/${owner.id}/${id}.json`
    disk.assertExists(key)
    const archive = JSON.parse(await disk.get(key))
    assert.equal(archive.profile.id, owner.id)
    assert.lengthOf(archive.memberships, 1)
    assert.isArray(archive.sessions)
    events.assertEmitted('profile:data_export_ready', ({ data }) => data.exportId === id)

    const ready = await client.get(show(id)).loginAs(owner)
    ready.assertStatus(200)
    assert.equal(ready.body().data.status, 'ready')
    assert.include(ready.body().data.url, key)
    assert.isNotNull(ready.body().data.expiresAt)
  })

  test('an export whose archive cannot be stored ends failed; its reader reads why, in their language', async ({
    client,
    assert,
    cleanup,
  }) => {
    const blocked = await UserFactory.create()
    const other = await UserFactory.create()
    /** A real fault on the real disk: a file where this user's export folder goes */
    const disk = drive.use()
    cleanup(async () => {
      await disk.delete(`data-exports/${blocked.id}`)
      await disk.deleteAll(`data-exports/${other.id}`)
    })
    await disk.put(`data-exports/${blocked.id}`, 'not a folder')
    const failing = (await client.post(REQUEST).loginAs(blocked)).body().data.id
    const fine = (await client.post(REQUEST).loginAs(other)).body().data.id

    const command = await processExports()
    command.assertLogMatches(/1 ready, 1 failed/)

    const row = await DataExport.findOrFail(failing)
    assert.equal(row.status, 'failed')
    assert.equal(row.failureReason, 'errors.data_export_store_failed')
    assert.isNull(row.filePath)
    assert.isNotNull(row.completedAt)

    const read = await client.get(show(failing)).loginAs(blocked)
    read.assertStatus(200)
    read.assertBodyContains({
      data: {
        id: failing,
        status: 'failed',
        url: null,
        expiresAt: null,
        failureReason:
          'Não foi possível salvar o arquivo da exportação. Solicite uma nova exportação.',
      },
    })
    const english = await client.get(show(failing)).header('accept-language', 'en').loginAs(blocked)
    english.assertStatus(200)
    assert.equal(
      english.body().data.failureReason,
      'The export file could not be saved. Please request a new export.'
    )

    /** The fault is this export's: the batch goes on */
    const ready = await client.get(show(fine)).loginAs(other)
    ready.assertBodyContains({ data: { status: 'ready', failureReason: null } })
    assert.isTrue(await disk.exists(`data-exports/${other.id}/${fine}.json`))
  })

  test('an expired export has no URL', async ({ client }) => {
    drive.fake('fs')
    const user = await UserFactory.create()
    const dataExport = await DataExport.create({
      userId: user.id,
      status: 'ready',
      filePath: `data-exports/${user.id}/x.json`,
      completedAt: DateTime.now().minus({ days: 8 }),
      expiresAt: DateTime.now().minus({ days: 1 }),
    })
    const response = await client.get(show(dataExport.id)).loginAs(user)
    response.assertBodyContains({ data: { status: 'expired', url: null } })
  })

  test("another user's export gets 404; a malformed id 404; no token 401", async ({ client }) => {
    const user = await UserFactory.create()
    const stranger = await UserFactory.create()
    const foreign = await DataExport.create({ userId: stranger.id, status: 'pending' })
    ;(await client.get(show(foreign.id)).loginAs(user)).assertStatus(404)
    ;(await client.get(show('abc')).loginAs(user)).assertStatus(404)
    ;(await client.post(REQUEST)).assertStatus(401)
  })
})
