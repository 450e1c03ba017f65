import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { ComplianceRecipient } from '#events/compliance_events'
import { COMPANY_ADMIN_ROLES } from '#enums/roles'

type Client = TransactionClientContract

async function usersAsRecipients(companyId: string, userIds: string[], trx: Client) {
  if (!userIds.length) return []
  const users = await trx
    .from('users')
    .whereIn('id', userIds)
    .select('id', 'name', 'email')
    .orderBy('name')
  return users.map((user): ComplianceRecipient => ({
    userId: user.id,
    companyId,
    email: user.email,
    name: user.name,
  }))
}

/** The reviewers of a step */
export function reviewerRecipients(companyId: string, userIds: string[], trx: Client) {
  return usersAsRecipients(companyId, userIds, trx)
}

/** The provider user: the person, or the OWNER user(s) of a legal entity */
export async function providerRecipients(companyId: string, providerId: string, trx: Client) {
  const owners = await trx
    .from('company_members')
    .where('company_id', providerId)
    .where('role', 'owner')
    .select('user_id')
  const ids = owners.length ? owners.map((owner) => owner.user_id) : [providerId]
  return usersAsRecipients(companyId, ids, trx)
}

/** Owner and admin members of the borrower company */
export async function companyAdminRecipients(companyId: string, trx: Client) {
  const members = await trx
    .from('company_members')
    .where('company_id', companyId)
    .whereIn('role', [...COMPANY_ADMIN_ROLES])
    .select('user_id')
  return usersAsRecipients(
    companyId,
    members.map((member) => member.user_id),
    trx
  )
}

/** Fixed context of the events of one compliance */
export function eventBase(
  compliance: {
    id: string
    companyId: string
    providerComplianceFlowId: string
    flowId: string
    providerId: string
    month: number
    year: number
  },
  flowName: string,
  actor: { id: string; name: string },
  trx: Client
) {
  return {
    companyId: compliance.companyId,
    complianceId: compliance.id,
    providerComplianceFlowId: compliance.providerComplianceFlowId,
    complianceFlowId: compliance.flowId,
    flowName,
    providerId: compliance.providerId,
    month: compliance.month,
    year: compliance.year,
    actor: { userId: actor.id, name: actor.name },
    trx,
  }
}
