import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import {
  attachedWorld,
  complianceWorld,
  documentsStep,
  FILES,
  headers,
} from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'

const DOCX_AS_ZIP = Buffer.from('504b03040a0000000000', 'hex')

test.group('Compliance / provider side (C1-C5)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-10T12:00:00-03:00')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('C1 generates the current month lazily and filters by year, month, status and search', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, [documentsStep()])
    await ProviderCompliance.create({
      companyId: world.borrower.id,
      providerComplianceFlowId: world.companyCompliance.providerComplianceFlowId,
      flowId: world.flow.id,
      providerId: world.providerCompany.id,
      year: 2025,
      month: 12,
      status: 'approved',
    })
    const list = (qs: object) =>
      client
        .get('/api/v1/provider-compliances')
        .qs(qs)
        .headers(headers(world.borrower))
        .loginAs(world.providerOwner)

    const all = await list({})
    all.assertStatus(200)
    assert.equal(all.body().total, 2)
    assert.deepEqual(
      all.body().data.map((c: any) => `${c.year}-${c.month}`),
      ['2026-3', '2025-12']
    )
    assert.equal((await list({ year: 2025 })).body().total, 1)
    assert.equal((await list({ month: 3 })).body().total, 1)
    assert.equal((await list({ status: 'approved' })).body().data[0].month, 12)
    assert.equal((await list({ status: 'all' })).body().total, 2)
    assert.equal((await list({ search: 'MENSAL' })).body().total, 2)
    assert.equal((await list({ search: 'trimestral' })).body().total, 0)
    for (const qs of [{ month: 13 }, { month: 0 }, { status: 'done' }, { year: 'x' }]) {
      ;(await list(qs)).assertStatus(422)
    }
    const again = await list({ month: 3 })
    assert.equal(again.body().data[0].id, world.companyCompliance.id)
  })

  test('C3 is 404 for another provider, another company and bad ids; wrong role 403; no token 401', async ({
    client,
  }) => {
    const world = await attachedWorld(client as ApiClient, [documentsStep()])
    const other = await complianceWorld()
    const show = (id: string, user = world.providerOwner, company = world.borrower) =>
      client.get(`/api/v1/provider-compliances/${id}`).headers(headers(company)).loginAs(user)

    ;(await show(world.companyCompliance.id)).assertStatus(200)
    ;(await show(world.personCompliance.id)).assertStatus(404)
    ;(await show(world.companyCompliance.id, world.person)).assertStatus(404)
    ;(await show('not-a-uuid')).assertStatus(404)
    ;(await show(world.companyCompliance.id, other.providerOwner, other.borrower)).assertStatus(404)
    ;(await show(world.companyCompliance.id, world.owner)).assertStatus(403)
    const anonymous = await client
      .get(`/api/v1/provider-compliances/${world.companyCompliance.id}`)
      .headers(headers(world.borrower))
    anonymous.assertStatus(401)
  })

  test('C4 refuses wrong formats, other requirements and closed steps; C5 needs required documents', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, [
      documentsStep(),
      documentsStep({ title: 'Dependente', dependsOnPrevious: true }),
    ])
    const compliance = world.companyCompliance
    const [first, second] = compliance.steps
    const [nf, comprovante] = first.requiredDocuments
    const upload = (step: any, requirementId: string, file: Buffer, name: string) =>
      client
        .post(`/api/v1/provider-compliances/${compliance.id}/steps/${step.id}/documents`)
        .field('documentRequirementId', requirementId)
        .file('file', file, { filename: name })
        .headers(headers(world.borrower))
        .loginAs(world.providerOwner)
    const submit = (step: any) =>
      client
        .post(`/api/v1/provider-compliances/${compliance.id}/steps/${step.id}/submit`)
        .json({})
        .headers(headers(world.borrower))
        .loginAs(world.providerOwner)

    const wrongExtension = await upload(first, nf.id, FILES.png, 'nf.png')
    wrongExtension.assertStatus(400)
    wrongExtension.assertBodyContains({ message: 'Formato de arquivo não aceito' })
    ;(await upload(first, nf.id, FILES.png, 'nf.pdf')).assertStatus(400)
    ;(await upload(first, comprovante.id, DOCX_AS_ZIP, 'c.jpg')).assertStatus(400)
    ;(await upload(first, nf.id, Buffer.alloc(0), 'nf.pdf')).assertStatus(400)
    ;(await upload(first, second.requiredDocuments[0].id, FILES.pdf, 'nf.pdf')).assertStatus(422)
    ;(await upload(second, second.requiredDocuments[0].id, FILES.pdf, 'nf.pdf')).assertStatus(409)
    const noFile = await client
      .post(`/api/v1/provider-compliances/${compliance.id}/steps/${first.id}/documents`)
      .field('documentRequirementId', nf.id)
      .headers(headers(world.borrower))
      .loginAs(world.providerOwner)
    noFile.assertStatus(422)
    assert.equal((await StepCompliance.findOrFail(first.id)).status, 'pending')

    const missing = await submit(first)
    missing.assertStatus(422)
    missing.assertBody({
      message: 'Documentos obrigatórios pendentes',
      code: 'E_UNPROCESSABLE',
      details: { missingDocuments: [nf.id], missingDataTypes: [] },
    })

    const optional = await upload(first, comprovante.id, FILES.png, 'comprovante.PNG')
    optional.assertStatus(201)
    assert.equal((await StepCompliance.findOrFail(first.id)).status, 'in_progress')
    ;(await upload(first, nf.id, FILES.pdf, 'nf.pdf')).assertStatus(201)
    ;(await submit(first)).assertStatus(200)
    ;(await upload(first, nf.id, FILES.pdf, 'nf.pdf')).assertStatus(409)
    ;(await submit(first)).assertStatus(409)
    ;(await submit(second)).assertStatus(409)

    await StepCompliance.query().where('id', first.id).update({ status: 'approved' })
    ;(await upload(first, nf.id, FILES.pdf, 'nf.pdf')).assertStatus(409)
  })

  test('a provider cannot upload into another provider compliance', async ({ client, assert }) => {
    const world = await attachedWorld(client as ApiClient, [documentsStep()])
    const step = world.personCompliance.steps[0]
    const response = await client
      .post(`/api/v1/provider-compliances/${world.personCompliance.id}/steps/${step.id}/documents`)
      .field('documentRequirementId', step.requiredDocuments[0].id)
      .file('file', FILES.pdf, { filename: 'nf.pdf' })
      .headers(headers(world.borrower))
      .loginAs(world.providerOwner)
    response.assertStatus(404)
    assert.equal((await StepCompliance.findOrFail(step.id)).status, 'pending')
  })
})
