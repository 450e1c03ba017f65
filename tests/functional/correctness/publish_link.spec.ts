import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import emitter from '@adonisjs/core/services/emitter'
import { ContractTemplateFactory } from '#database/factories/contract_factory'
import { contractWorld, createContract } from '#tests/support/contracts'
import { as } from '#tests/support/http'

/**
 * H9 PUBLISHED takes the e-mail's fill or sign link
 * from the current step (spec: upload -> fill, signature -> sign), and a
 * provider variable declared only by the template is something to fill.
 */
test.group('Correctness / H9 PUBLISHED link and filling', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => emitter.restore())

  test('a provider variable declared only by the template sends the contract to the provider', async ({
    client,
  }) => {
    const world = await contractWorld()
    const template = await ContractTemplateFactory.merge({
      companyId: world.company.id,
      html: '<p>{{contractName}} {{providerAddress}}</p>',
      variables: [
        { name: 'contractName', label: 'Nome', type: 'text', source: 'borrower', required: true },
        {
          name: 'providerAddress',
          label: 'Endereço',
          type: 'text',
          source: 'provider',
          required: false,
        },
      ],
    }).create()
    const id = await createContract(client, world, {
      modelConfig: { templateId: template.id, variableAssignments: [] },
      variableValues: [{ name: 'contractName', value: 'Consultoria', required: true }],
      documents: [{ name: 'Manual do prestador', isDownload: true }],
    })
    const events = emitter.fake(['contract:published'])
    const published = await as(client, world.owner, world.company)
      .patch(`/contracts/${id}/status`)
      .json({ status: 'PUBLISHED' })
    published.assertBody({ data: { id, status: 'provider' } })
    events.assertEmitted('contract:published', ({ data }) => data.mode === 'fill')
  })

  test('published at the signature step, the parts get the sign link', async ({ client }) => {
    const world = await contractWorld()
    const id = await createContract(client, world, {
      currentStep: { key: 'signature', index: 5 },
      signatureConfig: {
        groups: [{ name: 'Contratante', order: 1, members: [{ userId: world.owner.id }] }],
      },
    })
    const events = emitter.fake(['contract:published'])
    const published = await as(client, world.owner, world.company)
      .patch(`/contracts/${id}/status`)
      .json({ status: 'PUBLISHED' })
    published.assertStatus(200)
    events.assertEmitted(
      'contract:published',
      ({ data }) =>
        data.mode === 'sign' &&
        data.link.endsWith(`/contracts/${id}/sign`) &&
        data.pendingDocuments.length === 0
    )
  })
})
