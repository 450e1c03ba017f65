import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import ComplianceStep from '#models/compliance_step'
import { complianceWorld, documentsStep, headers } from '#tests/support/compliance'

test.group('Compliance flows / D3 ignores client-side ids', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('draft ids on steps and documents are dropped and the service generates its own', async ({
    client,
    assert,
  }) => {
    const { borrower, owner } = await complianceWorld()
    const response = await client
      .post('/api/v1/compliance-flows')
      .headers(headers(borrower))
      .json({
        name: 'Com ids de rascunho',
        steps: [
          {
            ...documentsStep({ title: 'Notas' }),
            id: 'draft-step-1',
            documents: [{ id: 'draft-doc-1', name: 'NF', required: true, formats: ['.pdf'] }],
          },
        ],
      })
      .loginAs(owner)
    response.assertStatus(201)
    const [step] = response.body().data.steps
    assert.match(step.id, /^[0-9a-f-]{36}$/)
    assert.notEqual(step.id, 'draft-step-1')
    assert.match(step.documents[0].id, /^[0-9a-f-]{36}$/)
    assert.isNotNull(await ComplianceStep.find(step.id))
  })
})
