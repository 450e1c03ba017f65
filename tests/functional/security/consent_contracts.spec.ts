import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import CompanyMember from '#models/company_member'
import ContractSignatureMember from '#models/contract_signature_member'
import { contractWorld, createContract, type ContractWorld } from '#tests/support/contracts'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

/**
 * Consent in contracts: a company may name as part, signer or
 * reviewer only parties linked to it (DESIGN.md Tenancy, consent). The
 * victim is another tenant: a company with its owner and an employee.
 */
async function strangerAndVictim() {
  const stranger = await contractWorld()
  const victim = await companyWithOwner()
  const employee = await memberOf(victim.company, 'user')
  return { stranger, victim, employee }
}

/** Whatever the victim tenant would reveal: ids are expected in a 422, data never */
function assertRevealsNothing(
  assert: any,
  body: unknown,
  victim: Awaited<ReturnType<typeof strangerAndVictim>>['victim']
) {
  const text = JSON.stringify(body)
  for (const secret of [
    victim.owner.email,
    victim.owner.name,
    victim.owner.cpf,
    victim.owner.phone,
    victim.company.name,
  ]) {
    if (secret) assert.notInclude(text, secret)
  }
}

async function membershipsIn(world: ContractWorld) {
  return CompanyMember.query().where('company_id', world.company.id).orderBy('user_id')
}

test.group('Security / consent: contract parts, signers and reviewers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test('H3: another tenant company, user or an unknown id as part is 422 and grants nothing', async ({
    client,
    assert,
  }) => {
    const { stranger, victim, employee } = await strangerAndVictim()
    const before = await membershipsIn(stranger)
    const post = (parts: object[]) =>
      as(client, stranger.owner, stranger.company)
        .post('/contracts')
        .json({ name: 'Isca', workflowId: stranger.workflow.id, parts })

    for (const [part, id] of [
      [{ companyId: victim.company.id, contractType: 'MONTHLY' }, victim.company.id],
      [{ userId: victim.owner.id }, victim.owner.id],
      [{ userId: employee.id }, employee.id],
      [{ companyId: crypto.randomUUID() }, null],
    ] as const) {
      const response = await post([{ companyId: stranger.provider.company.id }, part])
      response.assertStatus(422)
      const unknown = (part as { companyId?: string }).companyId
      assert.equal(
        response.body().message,
        `A parte não está vinculada a esta empresa: ${id ?? unknown}`
      )
      assertRevealsNothing(assert, response.body(), victim)
    }

    assert.lengthOf(await Contract.query().where('company_id', stranger.company.id), 0)
    assert.deepEqual(
      (await membershipsIn(stranger)).map((m) => m.id),
      before.map((m) => m.id)
    )
    const pulledIn = await CompanyMember.query()
      .where('company_id', stranger.company.id)
      .whereIn('user_id', [victim.owner.id, employee.id])
    assert.lengthOf(pulledIn, 0)
  })

  test('H4: adding another tenant company to a saved contract is 422; its parts stay', async ({
    client,
    assert,
  }) => {
    const { stranger, victim } = await strangerAndVictim()
    const id = await createContract(client, stranger)
    const partsBefore = await ContractPart.query().where('contract_id', id).orderBy('id')

    const response = await as(client, stranger.owner, stranger.company)
      .put(`/contracts/${id}`)
      .json({
        name: 'Isca',
        parts: [{ companyId: stranger.provider.company.id }, { companyId: victim.company.id }],
      })
    response.assertStatus(422)
    assert.equal(
      response.body().message,
      `A parte não está vinculada a esta empresa: ${victim.company.id}`
    )

    const partsAfter = await ContractPart.query().where('contract_id', id).orderBy('id')
    assert.deepEqual(
      partsAfter.map((part) => part.id),
      partsBefore.map((part) => part.id)
    )
    const victimOwnerIn = await CompanyMember.query()
      .where('company_id', stranger.company.id)
      .where('user_id', victim.owner.id)
    assert.lengthOf(victimOwnerIn, 0)
  })

  test('saving a contract never grants a membership, not even to a linked company co-owner', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const coOwner = await memberOf(world.provider.company, 'owner')
    const before = await membershipsIn(world)

    await createContract(client, world)

    assert.deepEqual(
      (await membershipsIn(world)).map((m) => m.id),
      before.map((m) => m.id)
    )
    const granted = await CompanyMember.query()
      .where('company_id', world.company.id)
      .where('user_id', coOwner.id)
    assert.lengthOf(granted, 0)
  })

  test('a signer given by another tenant user id is 422 (H3 and PUT configuration); no e-mail leaks', async ({
    client,
    assert,
  }) => {
    const { stranger, victim } = await strangerAndVictim()
    const owner = as(client, stranger.owner, stranger.company)
    const signers = { groups: [{ name: 'Alvo', members: [{ userId: victim.owner.id }] }] }

    const created = await owner
      .post('/contracts')
      .json({ name: 'Isca', workflowId: stranger.workflow.id, signatureConfig: signers })
    created.assertStatus(422)
    assert.equal(
      created.body().message,
      `O signatário não está vinculado a esta empresa: ${victim.owner.id}`
    )
    assertRevealsNothing(assert, created.body(), victim)

    const id = await createContract(client, stranger)
    const configured = await owner.put(`/contracts/${id}/signatures/configuration`).json(signers)
    configured.assertStatus(422)
    assertRevealsNothing(assert, configured.body(), victim)

    const updated = await owner
      .put(`/contracts/${id}`)
      .json({ name: 'Isca', signatureConfig: signers })
    updated.assertStatus(422)

    for (const url of [`/contracts/${id}/signatures`, `/contracts/${id}/detail`]) {
      const response = await owner.get(url)
      response.assertStatus(200)
      assertRevealsNothing(assert, response.body(), victim)
    }
    const rows = await ContractSignatureMember.query().whereRaw('lower(email) = ?', [
      victim.owner.email.toLowerCase(),
    ])
    assert.lengthOf(rows, 0)
  })

  test('another tenant user or a provider as reviewer is 422', async ({ client, assert }) => {
    const { stranger, victim } = await strangerAndVictim()
    for (const userId of [victim.owner.id, stranger.person.id]) {
      const response = await as(client, stranger.owner, stranger.company)
        .post('/contracts')
        .json({
          name: 'Isca',
          workflowId: stranger.workflow.id,
          revisionConfig: { reviewers: [{ userId }] },
        })
      response.assertStatus(422)
      assertRevealsNothing(assert, response.body(), victim)
    }
    assert.lengthOf(await Contract.query().where('company_id', stranger.company.id), 0)
  })

  test('linked parties stay allowed: provider company, person, signer by id or by e-mail', async ({
    client,
    assert,
  }) => {
    const world = await contractWorld()
    const response = await as(client, world.owner, world.company)
      .post('/contracts')
      .json({
        name: 'Legítimo',
        workflowId: world.workflow.id,
        parts: [{ companyId: world.provider.company.id }, { userId: world.person.id }],
        signatureConfig: {
          groups: [
            {
              name: 'Todos',
              members: [
                { userId: world.provider.owner.id },
                { userId: world.owner.id },
                { name: 'Testemunha', email: 'testemunha@example.com' },
              ],
            },
          ],
        },
      })
    response.assertStatus(201)
    const id = response.body().data.id
    const parts = await ContractPart.query().where('contract_id', id)
    assert.sameMembers(
      parts.map((part) => part.companyId ?? part.userId),
      [world.company.id, world.provider.company.id, world.person.id]
    )
    const signers = await ContractSignatureMember.query().where('contract_id', id)
    assert.sameMembers(
      signers.map((signer) => signer.email),
      [world.provider.owner.email, world.owner.email, 'testemunha@example.com'].map((email) =>
        email.toLowerCase()
      )
    )
  })
})
