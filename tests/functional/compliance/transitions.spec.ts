import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import drive from '@adonisjs/drive/services/main'
import type { ApiClient } from '@japa/api-client'
import CompanyMember from '#models/company_member'
import StepCompliance from '#models/step_compliance'
import StepComplianceDocument from '#models/step_compliance_document'
import StepComplianceApproval from '#models/step_compliance_approval'
import { STEP_STATUSES, type StepStatus } from '#support/compliance'
import {
  activeContract,
  attachedWorld,
  createFlow,
  documentsStep,
  FILES,
  headers,
  ONE_DOCUMENT,
  sendFirstStep,
} from '#tests/support/compliance'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { freezeClock, restoreClock } from '#tests/support/clock'
import { as } from '#tests/support/http'

/**
 * Every step status against each action that moves a step: C4 upload and
 * grant (open statuses), C5 submit (pending, in_progress) and E8 review
 * (submitted, rejected); then the compliance lookups of a provider that
 * works for two borrowers.
 */

type World = Awaited<ReturnType<typeof attachedWorld>>

const setStep = (id: string, status: StepStatus) =>
  StepCompliance.query().where('id', id).update({ status })
const stepStatus = async (id: string) => (await StepCompliance.findOrFail(id)).status

function upload(client: ApiClient, world: World, requirementId: string) {
  const compliance = world.companyCompliance
  return client
    .post(`/api/v1/provider-compliances/${compliance.id}/steps/${compliance.steps[0].id}/documents`)
    .field('documentRequirementId', requirementId)
    .file('file', FILES.pdf, { filename: 'nf.pdf' })
    .headers(headers(world.borrower))
    .loginAs(world.providerOwner)
}

function submit(client: ApiClient, world: World, stepId = world.companyCompliance.steps[0].id) {
  return client
    .post(`/api/v1/provider-compliances/${world.companyCompliance.id}/steps/${stepId}/submit`)
    .json({})
    .headers(headers(world.borrower))
    .loginAs(world.providerOwner)
}

function review(client: ApiClient, world: World, body: object) {
  const compliance = world.companyCompliance
  return client
    .patch(
      `/api/v1/team/${world.providerCompany.id}/compliances/${compliance.id}/steps/${compliance.steps[0].id}/review`
    )
    .headers(headers(world.borrower))
    .json(body)
    .loginAs(world.validator)
}

const OPEN: StepStatus[] = ['pending', 'in_progress', 'rejected']
const SUBMITTABLE: StepStatus[] = ['pending', 'in_progress']
const REVIEWABLE: StepStatus[] = ['submitted', 'rejected']

test.group('Compliance / step transitions from every status', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-10T12:00:00-03:00')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  test('C4 upload: pending, in_progress and rejected accept a file (-> in_progress); the rest 409', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, [documentsStep(ONE_DOCUMENT)])
    const step = world.companyCompliance.steps[0]
    for (const status of STEP_STATUSES) {
      await setStep(step.id, status)
      const response = await upload(client as ApiClient, world, step.requiredDocuments[0].id)
      response.assertStatus(OPEN.includes(status) ? 201 : 409)
      assert.equal(
        await stepStatus(step.id),
        OPEN.includes(status) ? 'in_progress' : status,
        `upload from ${status}`
      )
    }
    assert.lengthOf(await StepComplianceDocument.query().where('step_compliance_id', step.id), 1)
  })

  test('C5 submit: pending and in_progress submit (-> submitted); the rest 409', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, [documentsStep(ONE_DOCUMENT)])
    const step = world.companyCompliance.steps[0]
    ;(await upload(client as ApiClient, world, step.requiredDocuments[0].id)).assertStatus(201)
    for (const status of STEP_STATUSES) {
      await setStep(step.id, status)
      const response = await submit(client as ApiClient, world)
      response.assertStatus(SUBMITTABLE.includes(status) ? 200 : 409)
      assert.equal(
        await stepStatus(step.id),
        SUBMITTABLE.includes(status) ? 'submitted' : status,
        `submit from ${status}`
      )
    }
  })

  test('grant: open statuses grant (-> in_progress); the rest 409', async ({ client, assert }) => {
    const world = await attachedWorld(client as ApiClient, [
      documentsStep({ stepType: 'platformData', platformDataTypes: ['hours'], documents: [] }),
    ])
    const step = world.companyCompliance.steps[0]
    for (const status of STEP_STATUSES) {
      await setStep(step.id, status)
      const response = await client
        .post(`/api/v1/provider-compliances/${world.companyCompliance.id}/steps/${step.id}/grant`)
        .json({ dataTypes: ['hours'] })
        .headers(headers(world.borrower))
        .loginAs(world.providerOwner)
      response.assertStatus(OPEN.includes(status) ? 200 : 409)
      assert.equal(
        await stepStatus(step.id),
        OPEN.includes(status) ? 'in_progress' : status,
        `grant from ${status}`
      )
    }
  })

  test('E8 review: submitted and rejected steps take a decision on a pending document; the rest 409', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      documentsStep({ ...ONE_DOCUMENT, validators: [{ userId: w.validator.id }] }),
    ])
    const { step, documentId } = await sendFirstStep(client as ApiClient, world)
    for (const status of STEP_STATUSES) {
      await setStep(step.id, status)
      await StepComplianceDocument.query()
        .where('id', documentId)
        .update({ status: 'pending', rejectionReason: null })
      await StepComplianceApproval.query().where('step_compliance_id', step.id).delete()
      const response = await review(client as ApiClient, world, { documentId, action: 'approve' })
      response.assertStatus(REVIEWABLE.includes(status) ? 200 : 409)
      assert.equal(
        await stepStatus(step.id),
        REVIEWABLE.includes(status) ? 'approved' : status,
        `approve from ${status}`
      )
      const document = await StepComplianceDocument.findOrFail(documentId)
      assert.equal(document.status, REVIEWABLE.includes(status) ? 'approved' : 'pending')
    }

    /** A rejection from submitted: the document and the step are rejected, with the reason */
    await setStep(step.id, 'submitted')
    await StepComplianceDocument.query().where('id', documentId).update({ status: 'pending' })
    await StepComplianceApproval.query().where('step_compliance_id', step.id).delete()
    const rejected = await review(client as ApiClient, world, {
      documentId,
      action: 'reject',
      rejectionReason: 'Ilegível',
    })
    rejected.assertStatus(200)
    assert.equal(await stepStatus(step.id), 'rejected')
    assert.include((await StepComplianceDocument.findOrFail(documentId)).serialize(), {
      status: 'rejected',
      rejectionReason: 'Ilegível',
    })
    /** An already decided document is 409 even while the step is reviewable */
    const again = await review(client as ApiClient, world, { documentId, action: 'approve' })
    again.assertStatus(409)
  })
})

test.group('Compliance / a provider working for two borrowers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => {
    drive.fake()
    freezeClock('2026-03-10T12:00:00-03:00')
    return () => {
      drive.restore()
      restoreClock()
    }
  })

  /** The natural person of the world also works for a second borrower with its own flow */
  async function secondBorrower(client: ApiClient, world: World) {
    const second = await companyWithOwner()
    const validator = await memberOf(second.company, 'user')
    await CompanyMember.create({
      companyId: second.company.id,
      userId: world.person.id,
      role: 'provider',
    })
    await activeContract(second.company, { userId: world.person.id }, 'Outro contrato')
    const flow = await createFlow(
      client,
      { borrower: second.company, owner: second.owner },
      {
        name: 'Outro fluxo',
        steps: [documentsStep({ ...ONE_DOCUMENT, validators: [{ userId: validator.id }] })],
      }
    )
    const attached = await client
      .post('/api/v1/providers/compliance-flows')
      .headers(headers(second.company))
      .json({ attachments: [{ providerId: world.person.id, complianceFlowId: flow.id }] })
      .loginAs(second.owner)
    attached.assertStatus(201)
    const current = await client
      .get('/api/v1/provider-compliances/current')
      .headers(headers(second.company))
      .loginAs(world.person)
    current.assertStatus(200)
    return { ...second, validator, compliance: current.body().data[0] }
  }

  test('each context shows only its compliances; the other borrower is 404', async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      documentsStep({ ...ONE_DOCUMENT, validators: [{ userId: w.validator.id }] }),
    ])
    const second = await secondBorrower(client as ApiClient, world)
    const mine = world.personCompliance
    const theirs = second.compliance
    assert.notEqual(mine.id, theirs.id)

    const inFirst = as(client as ApiClient, world.person, world.borrower)
    const inSecond = as(client as ApiClient, world.person, second.company)
    const list = await inFirst.get('/provider-compliances')
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((compliance: any) => compliance.id),
      [mine.id]
    )
    assert.deepEqual(
      (await inSecond.get('/provider-compliances')).body().data.map((c: any) => c.id),
      [theirs.id]
    )
    ;(await inFirst.get(`/provider-compliances/${mine.id}`)).assertStatus(200)
    ;(await inFirst.get(`/provider-compliances/${theirs.id}`)).assertStatus(404)
    ;(await inSecond.get(`/provider-compliances/${mine.id}`)).assertStatus(404)

    /** Upload, grant and submit on the other borrower's compliance: 404, nothing changes */
    const theirStep = theirs.steps[0]
    const uploaded = await inFirst
      .post(`/provider-compliances/${theirs.id}/steps/${theirStep.id}/documents`)
      .field('documentRequirementId', theirStep.requiredDocuments[0].id)
      .file('file', FILES.pdf, { filename: 'nf.pdf' })
    uploaded.assertStatus(404)
    ;(
      await inFirst.post(`/provider-compliances/${theirs.id}/steps/${theirStep.id}/submit`).json({})
    ).assertStatus(404)
    ;(
      await inFirst
        .post(`/provider-compliances/${theirs.id}/steps/${theirStep.id}/grant`)
        .json({ dataTypes: ['hours'] })
    ).assertStatus(404)
    assert.equal(await stepStatus(theirStep.id), 'pending')

    /** A step of the other borrower's compliance under this borrower's compliance: 404 */
    const mixed = await inFirst
      .post(`/provider-compliances/${mine.id}/steps/${theirStep.id}/documents`)
      .field('documentRequirementId', theirStep.requiredDocuments[0].id)
      .file('file', FILES.pdf, { filename: 'nf.pdf' })
    mixed.assertStatus(404)
    const mixedByDefinition = await inFirst
      .post(`/provider-compliances/${mine.id}/steps/${theirStep.complianceStepId}/submit`)
      .json({})
    mixedByDefinition.assertStatus(404)
    assert.equal(await stepStatus(theirStep.id), 'pending')
    assert.equal(await stepStatus(mine.steps[0].id), 'pending')

    /** The step named by its definition id works in its own compliance */
    const own = await inFirst
      .post(`/provider-compliances/${mine.id}/steps/${mine.steps[0].complianceStepId}/documents`)
      .field('documentRequirementId', mine.steps[0].requiredDocuments[0].id)
      .file('file', FILES.pdf, { filename: 'nf.pdf' })
    own.assertStatus(201)
    assert.equal(await stepStatus(mine.steps[0].id), 'in_progress')
  })

  test("E7 and E8: a borrower's team sees and reviews only its compliance of the provider", async ({
    client,
    assert,
  }) => {
    const world = await attachedWorld(client as ApiClient, (w) => [
      documentsStep({ ...ONE_DOCUMENT, validators: [{ userId: w.validator.id }] }),
    ])
    const second = await secondBorrower(client as ApiClient, world)
    const theirs = second.compliance
    const theirStep = theirs.steps[0]
    const inSecond = as(client as ApiClient, world.person, second.company)
    const sent = await inSecond
      .post(`/provider-compliances/${theirs.id}/steps/${theirStep.id}/documents`)
      .field('documentRequirementId', theirStep.requiredDocuments[0].id)
      .file('file', FILES.pdf, { filename: 'nf.pdf' })
    sent.assertStatus(201)
    ;(
      await inSecond
        .post(`/provider-compliances/${theirs.id}/steps/${theirStep.id}/submit`)
        .json({})
    ).assertStatus(200)

    const team = await client
      .get(`/api/v1/team/${world.person.id}/compliances`)
      .headers(headers(world.borrower))
      .loginAs(world.owner)
    team.assertStatus(200)
    const ids = JSON.stringify(team.body())
    assert.include(ids, world.personCompliance.id)
    assert.notInclude(ids, theirs.id)

    const url = `/api/v1/team/${world.person.id}/compliances/${theirs.id}/steps/${theirStep.id}/review`
    const foreign = await client
      .patch(url)
      .headers(headers(world.borrower))
      .json({ documentId: sent.body().data.id, action: 'approve' })
      .loginAs(world.validator)
    foreign.assertStatus(404)
    assert.equal(await stepStatus(theirStep.id), 'submitted')
    const own = await client
      .patch(url)
      .headers(headers(second.company))
      .json({ documentId: sent.body().data.id, action: 'approve' })
      .loginAs(second.validator)
    own.assertStatus(200)
    assert.equal(await stepStatus(theirStep.id), 'approved')
  })
})
