import type {
  CompanyMemberInvitedEvent,
  CompanyMemberRoleChangedEvent,
} from '#events/company_events'
import { notify } from '#services/notifications/notifier'
import { membersWithRoles, sendDedicatedMail } from '#services/notifications/event_notifications'
import { COMPANY_ADMIN_ROLES } from '#enums/roles'

/**
 * Company membership events (spec Events table): the invitee gets the
 * invitation e-mail, the company's other admins `user_invited` (scope
 * company); a role change reaches the member as `role_changed` (scope role).
 */
export default class NotifyCompanyMembers {
  async invited({
    invitee,
    company,
    invitedBy,
    role,
    newAccount,
    acceptUrl,
    trx,
  }: CompanyMemberInvitedEvent) {
    await sendDedicatedMail(
      'company/member_invitation',
      {
        to: invitee.email,
        toName: invitee.name,
        subject: `${company.name} convidou você para a plataforma`,
      },
      {
        name: invitee.name,
        companyName: company.name,
        invitedByName: invitedBy.name,
        role,
        newAccount,
        acceptUrl,
      },
      trx
    )
    await notify(
      'user_invited',
      await membersWithRoles(company.id, COMPANY_ADMIN_ROLES, trx, { except: [invitedBy.id] }),
      {
        title: 'Membro convidado',
        message: `${invitedBy.name} convidou ${invitee.email} para a empresa (${role}).`,
        scope: 'company',
        actor: invitedBy,
        activity: {
          entityType: 'user',
          entityId: invitee.id,
          entityName: invitee.email,
          actionLabel: 'Ver membros',
          actionRoute: '/company/members',
          metadata: { kind: 'company_member_invited', role },
        },
      },
      { trx }
    )
  }

  async roleChanged({ member, company, changedBy, from, to, trx }: CompanyMemberRoleChangedEvent) {
    await notify(
      'role_changed',
      [{ userId: member.id, companyId: company.id }],
      {
        title: 'Seu papel mudou',
        message: `${changedBy.name} mudou seu papel em ${company.name} de ${from} para ${to}.`,
        scope: 'role',
        actor: changedBy,
        activity: {
          entityType: 'user',
          entityId: member.id,
          entityName: member.name,
          actionLabel: 'Ver empresa',
          actionRoute: '/company',
          metadata: { kind: 'role_changed', from, to },
        },
      },
      { trx }
    )
  }
}
