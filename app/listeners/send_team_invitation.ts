import type { TeamMemberInvitedEvent } from '#events/team_events'
import { notify } from '#services/notification_service'
import { membersWithRoles, sendDedicatedMail } from '#services/event_notifications'
import { COMPANY_ADMIN_ROLES } from '#support/roles'

/**
 * E4: the legal representative receives the invitation e-mail (set a
 * password through `acceptUrl`); the inviting company's other admins get
 * `user_invited` (scope company), per the spec's Events table.
 */
export default class SendTeamInvitation {
  async handle({ user, company, borrower, invitedBy, acceptUrl, trx }: TeamMemberInvitedEvent) {
    await sendDedicatedMail(
      'team/invitation',
      {
        to: user.email,
        toName: user.name,
        subject: `${borrower.name} convidou você para a plataforma`,
      },
      {
        name: user.name,
        borrowerName: borrower.name,
        companyName: company.name,
        invitedByName: invitedBy.name,
        acceptUrl,
      },
      trx
    )

    await notify(
      'user_invited',
      await membersWithRoles(borrower.id, COMPANY_ADMIN_ROLES, trx, { except: [invitedBy.id] }),
      {
        title: 'Prestador convidado',
        message: `${invitedBy.name} convidou ${user.name} (${company.name}) como prestador.`,
        scope: 'company',
        actor: invitedBy,
        activity: {
          entityType: 'user',
          entityId: user.id,
          entityName: user.name,
          actionLabel: 'Ver prestador',
          actionRoute: `/team/${company.id}`,
          metadata: { kind: 'team_member_invited', providerCompanyId: company.id },
        },
      },
      { trx }
    )
  }
}
