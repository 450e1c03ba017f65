import type {
  CompanyMemberInvitedEvent,
  CompanyMemberRoleChangedEvent,
} from '#events/company_events'
import { notify } from '#services/notifications/notifier'
import { membersWithRoles, sendDedicatedMail } from '#services/notifications/event_notifications'
import { COMPANY_ADMIN_ROLES } from '#enums/roles'
import { phrase, roleName } from '#support/i18n'

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
        to: invitee,
        subject: phrase('mail.member_invitation.subject', { companyName: company.name }),
      },
      {
        name: invitee.name,
        companyName: company.name,
        invitedByName: invitedBy.name,
        role: roleName(role),
        newAccount,
        acceptUrl,
      },
      trx
    )
    await notify(
      'user_invited',
      await membersWithRoles(company.id, COMPANY_ADMIN_ROLES, trx, { except: [invitedBy.id] }),
      {
        title: phrase('notice.company.member_invited.title'),
        message: phrase('notice.company.member_invited.message', {
          inviter: invitedBy.name,
          email: invitee.email,
          role: roleName(role),
        }),
        scope: 'company',
        actor: invitedBy,
        activity: {
          entityType: 'user',
          entityId: invitee.id,
          entityName: invitee.email,
          actionLabel: 'notice.action.view_members',
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
        title: phrase('notice.company.role_changed.title'),
        message: phrase('notice.company.role_changed.message', {
          changer: changedBy.name,
          company: company.name,
          from: roleName(from),
          to: roleName(to),
        }),
        scope: 'role',
        actor: changedBy,
        activity: {
          entityType: 'user',
          entityId: member.id,
          entityName: member.name,
          actionLabel: 'notice.action.view_company',
          actionRoute: '/company',
          metadata: { kind: 'role_changed', from, to },
        },
      },
      { trx }
    )
  }
}
