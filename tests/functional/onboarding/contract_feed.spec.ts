import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import testUtils from '@adonisjs/core/services/test_utils'
import limiter from '@adonisjs/limiter/services/main'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import Contract from '#models/contract'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractPart from '#models/contract_part'
import Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import OnboardingFormField from '#models/onboarding_form_field'
import { ContractTemplateFactory } from '#database/factories/contract_factory'
import { contractWorld, createContract, sendOnboarding } from '#tests/support/contracts'
import { as } from '#tests/support/http'

/** A contract created through H3 with upload/download documents and provider variables */
async function fedContract(client: Parameters<typeof createContract>[0]) {
  const world = await contractWorld()
  world.template = await ContractTemplateFactory.merge({
    companyId: world.company.id,
    html: '<p>{{contractName}} {{providerAddress}} {{startsOn}} {{regime}}</p>',
    variables: [
      { name: 'contractName', label: 'Nome', type: 'text', source: 'borrower', required: true },
      {
        name: 'providerAddress',
        label: 'Endereço da contratada',
        type: 'textarea',
        source: 'provider',
        required: true,
      },
      { name: 'startsOn', label: 'Início', type: 'date', source: 'provider', required: false },
      { name: 'regime', label: 'Regime', type: 'select', source: 'provider', required: false },
    ],
  }).create()
  const id = await createContract(client, world, {
    modelConfig: { templateId: world.template.id, variableAssignments: [] },
    variableValues: [
      { name: 'contractName', value: 'Consultoria', required: true },
      { name: 'providerAddress', type: 'textarea', source: 'provider', required: true },
      {
        name: 'regime',
        type: 'select',
        source: 'provider',
        additional: { options: [{ label: 'Simples', value: 'simples' }, 'presumido'] },
        partId: world.provider.company.id,
      },
    ],
    documents: [
      {
        name: 'Contrato social',
        isDownload: false,
        acceptedFormats: ['pdf', 'docx'],
        maxFileSize: 2048,
      },
      {
        name: 'Certidão',
        isDownload: false,
        isRequired: false,
        acceptedFormats: ['png'],
        maxFileSize: 4096,
      },
      { name: 'Manual do prestador', isDownload: true },
      { name: 'Código de conduta', isDownload: true },
    ],
  })
  return { world, id }
}

test.group('Onboarding / fed from the contract (H16, H17)', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.setup(() => limiter.clear(['memory']))
  group.each.teardown(() => emitter.restore())

  test('H16 turns the contract requirements and provider variables into the onboarding; repeats do not duplicate', async ({
    client,
    assert,
  }) => {
    const { world, id } = await fedContract(client)
    const manual = await ContractDocumentRequirement.query()
      .where('contract_id', id)
      .where('name', 'Manual do prestador')
      .firstOrFail()
    const borrowerPart = await ContractPart.query()
      .where('contract_id', id)
      .where('role', 'BORROWER')
      .firstOrFail()
    /** A download document with a file (the code of conduct has none and is left out) */
    await db.table('contract_uploaded_files').insert({
      id: randomUUID(),
      contract_id: id,
      document_id: manual.id,
      part_id: borrowerPart.id,
      file_name: 'manual.pdf',
      file_path: `contracts/${id}/downloads/manual.pdf`,
      file_size: 10,
      mime_type: 'application/pdf',
      sha256: 'a'.repeat(64),
      status: 'approved',
      uploaded_at: DateTime.now().toJSDate(),
      created_at: DateTime.now().toJSDate(),
      updated_at: DateTime.now().toJSDate(),
    })

    const providerId = world.provider.company.id
    const token = await sendOnboarding(client, world, id, providerId)
    const again = await sendOnboarding(client, world, id, providerId)
    assert.equal(again, token)

    const response = await client.get(`/api/v1/onboarding/${token}`).bearerToken(token)
    response.assertStatus(200)
    const data = response.body().data
    assert.deepEqual(
      data.documents.map((doc: any) => [
        doc.name,
        doc.acceptedFormats,
        doc.maxFileSize,
        doc.isRequired,
        doc.status,
      ]),
      [
        ['Contrato social', ['pdf', 'docx'], 2048, true, 'waiting'],
        ['Certidão', ['png'], 4096, false, 'waiting'],
      ]
    )
    assert.deepEqual(
      data.downloadDocuments.map((doc: any) => [doc.name, doc.fileName]),
      [['Manual do prestador', 'manual.pdf']]
    )
    assert.isString(data.downloadDocuments[0].fileUrl)
    assert.deepEqual(
      data.formFields.map((field: any) => [field.label, field.type, field.required, field.options]),
      [
        ['Endereço da contratada', 'textarea', true, null],
        ['Início', 'date', false, null],
        [
          'Regime',
          'select',
          false,
          [
            { label: 'Simples', value: 'simples' },
            { label: 'presumido', value: 'presumido' },
          ],
        ],
      ]
    )

    const onboardings = await Onboarding.query().where('contract_id', id)
    assert.lengthOf(onboardings, 1)
    const documents = await OnboardingDocument.query().where('onboarding_id', onboardings[0].id)
    const fields = await OnboardingFormField.query().where('onboarding_id', onboardings[0].id)
    assert.lengthOf(documents, 2)
    assert.lengthOf(fields, 3)
  })

  test('H17 feeds every provider part, then 400 for a contract with nothing to fill', async ({
    client,
    assert,
  }) => {
    const { world, id } = await fedContract(client)
    await Contract.query().where('id', id).update({ status: 'provider' })
    emitter.fake(['onboarding:sent'])
    const start = await as(client, world.owner, world.company).post(
      `/contracts/${id}/onboarding/start`
    )
    start.assertStatus(200)
    const rows = await OnboardingFormField.query()
      .join('onboardings', 'onboardings.id', 'onboarding_form_fields.onboarding_id')
      .where('onboardings.contract_id', id)
      .select('onboarding_form_fields.*', 'onboardings.provider_user_id')
    /** The person gets the global and template fields, not the company's `regime` value row */
    const personFields = rows.filter((row) => row.$extras.provider_user_id === world.person.id)
    assert.sameMembers(
      personFields.map((row) => `${row.sourceKey}:${row.type}`),
      ['providerAddress:textarea', 'startsOn:date', 'regime:text']
    )

    const empty = await createContract(client, world, {
      modelConfig: {
        templateId: (
          await ContractTemplateFactory.merge({
            companyId: world.company.id,
            variables: [],
          }).create()
        ).id,
        variableAssignments: [],
      },
      variableValues: [],
      documents: [{ name: 'Manual do prestador', isDownload: true }],
    })
    const response = await as(client, world.owner, world.company).post(
      `/contracts/${empty}/providers/${world.person.id}/onboarding/send`
    )
    response.assertStatus(400)
    response.assertBodyContains({
      message: 'O contrato não possui formulário nem documentos para o prestador',
    })
  })
})
