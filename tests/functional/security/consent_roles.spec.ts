import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { MEMBER_ROLES, type MemberRole } from '#enums/roles'
import CompanyMember from '#models/company_member'
import { contractWorld } from '#tests/support/contracts'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { as } from '#tests/support/http'

/**
 * The consent rules of contract parties for every role a member can have
 * (the other consent tests use owners): a person is linked to
 * the borrower by any membership, so any role may be a part or a signer;
 * a reviewer must be on the borrower side (not a provider); another
 * company is linked only when its OWNER is a provider of the borrower.
 */
const REVIEWER_ROLES: Record<MemberRole, boolean> = {
  owner: true,
  admin: true,
  borrower: true,
  user: true,
  provider: false,
}

test.group('Security / consent by member role: contract parts, signers, reviewers', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())

  test(
    'a member of the borrower with role {$self}: part and signer yes; reviewer only on the borrower side'
  )
    .with([...MEMBER_ROLES])
    .run(async ({ client, assert }, role) => {
      const world = await contractWorld()
      const member = await memberOf(world.company, role)
      const post = (body: object) =>
        as(client, world.owner, world.company)
          .post('/contracts')
          .json({ name: `Papel ${role}`, workflowId: world.workflow.id, ...body })

      const part = await post({
        parts: [{ companyId: world.provider.company.id }, { userId: member.id }],
      })
      part.assertStatus(201)
      const signer = await post({
        signatureConfig: { groups: [{ name: 'Todos', members: [{ userId: member.id }] }] },
      })
      signer.assertStatus(201)
      const reviewer = await post({ revisionConfig: { reviewers: [{ userId: member.id }] } })
      reviewer.assertStatus(REVIEWER_ROLES[role] ? 201 : 422)
      if (!REVIEWER_ROLES[role]) {
        assert.equal(reviewer.body().message, `O revisor não é membro da empresa: ${member.id}`)
      }
    })

  test(
    'another company whose member with role {$self} is a provider of the borrower: a part only if owner'
  )
    .with([...MEMBER_ROLES])
    .run(async ({ client, assert }, role) => {
      const world = await contractWorld()
      const other = await companyWithOwner()
      const link = role === 'owner' ? other.owner : await memberOf(other.company, role)
      await CompanyMember.create({ companyId: world.company.id, userId: link.id, role: 'provider' })

      const response = await as(client, world.owner, world.company)
        .post('/contracts')
        .json({
          name: `Empresa via ${role}`,
          workflowId: world.workflow.id,
          parts: [{ companyId: other.company.id, contractType: 'MONTHLY' }],
        })
      if (role === 'owner') {
        response.assertStatus(201)
      } else {
        response.assertStatus(422)
        assert.equal(
          response.body().message,
          `A parte não está vinculada a esta empresa: ${other.company.id}`
        )
      }
    })

  test('the owner of another company linked in any other role than provider: not a part ({$self})')
    .with(MEMBER_ROLES.filter((role) => role !== 'provider'))
    .run(async ({ client }, role) => {
      const world = await contractWorld()
      const other = await companyWithOwner()
      await CompanyMember.create({ companyId: world.company.id, userId: other.owner.id, role })
      const response = await as(client, world.owner, world.company)
        .post('/contracts')
        .json({
          name: `Dono como ${role}`,
          workflowId: world.workflow.id,
          parts: [{ companyId: other.company.id, contractType: 'MONTHLY' }],
        })
      response.assertStatus(422)
    })
})
