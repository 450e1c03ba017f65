import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import User from '#models/user'
import IndexSeeder from '#database/seeders/main/index_seeder'
import { DEMO_CONTRACT_IDS } from '#database/seeders/demo/contracts'
import { ACME_CNPJ } from '#database/seeders/demo/accounts'
import { as } from '#tests/support/http'

/** The demo data (README's first command) shows a contract fed by onboarding */
test.group('Correctness / demo contract fed by onboarding', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test("Beta's onboarding work is on the demo contract (H10, H5), idempotently", async ({
    client,
    assert,
  }) => {
    await new IndexSeeder(db.connection()).run()
    await new IndexSeeder(db.connection()).run()
    const acme = await Company.findByOrFail('document', ACME_CNPJ)
    const owner = await User.findByOrFail('email', 'owner@acme.test')
    const acmeOwner = as(client, owner, acme)
    const id = DEMO_CONTRACT_IDS.betaProvider

    const uploads = await acmeOwner.get(`/contracts/${id}/uploads`)
    uploads.assertStatus(200)
    const [beta] = uploads.body().data.providers
    assert.deepEqual(
      beta.documents.map((doc: any) => [doc.name, doc.fileName, doc.status]),
      [['Contrato social', 'contrato-social-beta.pdf', 'pending']]
    )
    const detail = (await acmeOwner.get(`/contracts/${id}/detail`)).body().data
    assert.deepInclude(
      detail.variableValues.map((v: any) => [v.name, v.value, v.partId]),
      ['providerAddress', 'Av. Paulista, 1000 - São Paulo/SP', beta.provider.contractPartId]
    )
  })
})
