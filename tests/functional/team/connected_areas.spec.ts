import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractPart from '#models/contract_part'
import ContractUploadedFile from '#models/contract_uploaded_file'
import { companyWithOwner } from '#tests/support/tenancy'
import { entryOn, legalProvider, naturalProvider } from '#tests/support/hours'
import { attachedWorld, headers } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'
import type User from '#models/user'
import { as } from '#tests/support/http'

/** Tuesday 2026-03-10 12:00 in São Paulo */
const NOW = '2026-03-10T12:00:00-03:00'

const asUser = (client: ApiClient, user: User, companyId: string, url: string) =>
  as(client, user, { id: companyId }).get(url)

async function uploadedFile(part: ContractPart, name: string, status: 'pending' | 'approved') {
  const requirement = await ContractDocumentRequirement.create({
    id: crypto.randomUUID(),
    contractId: part.contractId,
    name,
    isDownload: false,
    isRequired: true,
    acceptedFormats: ['pdf'],
    maxFileSize: 1024,
    position: 0,
  })
  return ContractUploadedFile.create({
    contractId: part.contractId,
    documentId: requirement.id,
    partId: part.id,
    fileName: `${name}.pdf`,
    filePath: `contracts/${part.contractId}/uploads/${name}.pdf`,
    fileSize: 321,
    mimeType: 'application/pdf',
    sha256: 'a'.repeat(64),
    status,
    uploadedAt: DateTime.fromISO('2026-03-02T10:00:00Z'),
  })
}

test.group(
  'Connected areas (E2 documents, B10 counters, platformData hours, H10 hours)',
  (group) => {
    group.each.setup(() => testUtils.db().withGlobalTransaction())
    group.each.setup(() => {
      drive.fake()
      freezeClock(NOW)
      return () => {
        drive.restore()
        restoreClock()
      }
    })

    test("E2 documents are the active contract's uploaded files of that link", async ({
      client,
      assert,
    }) => {
      const { company: borrower, owner } = await companyWithOwner()
      const ana = await naturalProvider(borrower)
      const file = await uploadedFile(ana.part, 'rg', 'approved')
      /** Another part of the same contract: not Ana's */
      const other = await naturalProvider(borrower)
      const foreign = await ContractPart.create({
        contractId: ana.contract.id,
        userId: other.user.id,
        role: 'PROVIDER',
      })
      await uploadedFile(foreign, 'cnh', 'pending')

      const response = await asUser(client, owner, borrower.id, `/team/${ana.user.id}`)
      response.assertStatus(200)
      const documents = response.body().documents ?? response.body().data.documents
      assert.lengthOf(documents, 1)
      assert.deepInclude(documents[0], {
        id: file.id,
        name: 'rg',
        fileName: 'rg.pdf',
        fileSize: 321,
        status: 'approved',
      })
      assert.isString(documents[0].fileUrl)
      assert.equal(DateTime.fromISO(documents[0].uploadedAt).toMillis(), file.uploadedAt.toMillis())

      /** Without an active contract there are no documents */
      const idle = await naturalProvider(borrower, { status: 'finished' })
      await uploadedFile(idle.part, 'cpf', 'pending')
      const idleResponse = await asUser(client, owner, borrower.id, `/team/${idle.user.id}`)
      idleResponse.assertStatus(200)
      assert.deepEqual(idleResponse.body().documents ?? idleResponse.body().data.documents, [])
    })

    test('H10 TeamMember hours come from the team area totals', async ({ client, assert }) => {
      const { company: borrower, owner } = await companyWithOwner()
      const beta = await legalProvider(borrower)
      await entryOn(beta.part, beta.owner, '2026-03-09', [90])
      await entryOn(beta.part, beta.owner, '2026-03-02', [30])
      await entryOn(beta.part, beta.owner, '2026-02-27', [600])

      const response = await asUser(
        client,
        owner,
        borrower.id,
        `/contracts/${beta.contract.id}/uploads`
      )
      response.assertStatus(200)
      const provider = response.body().data.providers[0].provider
      assert.equal(provider.contractPartId, beta.part.id)
      assert.equal(provider.totalHoursWeek, 1.5)
      assert.equal(provider.totalHoursMonth, 2)
      assert.equal(provider.lastEntry, '2026-03-09')
    })

    test('platformData hours are the month total of work entries; B10 counts pending steps and unread notifications', async ({
      client,
      assert,
    }) => {
      const world = await attachedWorld(client as ApiClient, (w) => [
        {
          title: 'Dados',
          stepType: 'platformData',
          schedule: { frequency: 'monthly', dayStart: 1, dayEnd: 15 },
          platformDataTypes: ['hours'],
          validators: [{ userId: w.validator.id }],
        },
      ])
      const part = await ContractPart.query()
        .where('contract_id', world.companyContract.id)
        .where('company_id', world.providerCompany.id)
        .firstOrFail()
      await entryOn(part, world.providerOwner, '2026-03-03', [60, 30])
      await entryOn(part, world.providerOwner, '2026-03-04', [45])
      await entryOn(part, world.providerOwner, '2026-02-20', [480])

      const summary = async () => {
        const response = await asUser(client, world.providerOwner, world.borrower.id, '/summary')
        response.assertStatus(200)
        return response.body().data ?? response.body()
      }
      await db.table('notifications').insert(
        [true, false, false].map((isRead) => ({
          company_id: world.borrower.id,
          user_id: world.providerOwner.id,
          scope: 'company',
          type: 'custom',
          title: 'Aviso',
          message: 'Mensagem',
          is_read: isRead,
        }))
      )
      /** Another company's unread notification does not count */
      await db.table('notifications').insert({
        company_id: world.providerCompany.id,
        user_id: world.providerOwner.id,
        scope: 'company',
        type: 'custom',
        title: 'Aviso',
        message: 'Mensagem',
      })
      const before = await summary()
      assert.equal(before.pendingComplianceSteps, 1)
      assert.equal(before.unreadNotifications, 2)

      const compliance = world.companyCompliance
      const path = `/api/v1/provider-compliances/${compliance.id}/steps/${compliance.steps[0].id}`
      const asProvider = (request: any) =>
        request.headers(headers(world.borrower)).loginAs(world.providerOwner)
      ;(await asProvider(client.post(`${path}/grant`).json({ dataTypes: ['hours'] }))).assertStatus(
        200
      )
      assert.equal((await summary()).pendingComplianceSteps, 1)
      ;(await asProvider(client.post(`${path}/submit`).json({}))).assertStatus(200)
      assert.equal((await summary()).pendingComplianceSteps, 0)

      const team = await client
        .get(`/api/v1/team/${world.providerCompany.id}/compliances`)
        .headers(headers(world.borrower))
        .loginAs(world.validator)
      team.assertStatus(200)
      assert.deepEqual(team.body().data[0].steps[0].platformData.hours, {
        totalMinutes: 135,
        totalHours: 2.25,
      })
    })
  }
)
