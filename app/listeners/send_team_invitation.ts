import type {
  TeamInvitationAcceptedEvent,
  TeamMemberInvitedEvent,
  TeamMembershipRequestedEvent,
} from '#events/team_events'
import { notify } from '#services/notifications/notifier'
import { membersWithRoles, sendDedicatedMail } from '#services/notifications/event_notifications'
import { COMPANY_ADMIN_ROLES } from '#enums/roles'
import { phrase, roleName } from '#support/i18n'

/** The e-mail that asks a person to join the provider company on the borrower's team */
function mailInvitation(
  template: string,
  subjectKey: string,
  to: TeamMembershipRequestedEvent['invitee'],
  invitation: Omit<TeamMembershipRequestedEvent, 'invitee'>
) {
  const { borrower, invitedBy, trx } = invitation
  return sendDedicatedMail(
    template,
    { to, subject: phrase(subjectKey, { borrowerName: borrower.name }) },
    {
      name: to.name,
      borrowerName: borrower.name,
      companyName: invitation.companyName,
      invitedByName: invitedBy.name,
      acceptUrl: invitation.acceptUrl,
    },
    trx
  )
}

/**
 * E4: the legal representative receives the invitation e-mail (set a
 * password through `acceptUrl`); the inviting company's other admins get
 * `user_invited` (scope company), per the spec's Events table. An
 * existing account only gets the e-mail asking for its consent: its
 * name and id reach the borrower's admins once it accepted.
 */
export default class SendTeamInvitation {
  async handle({ user, company, borrower, invitedBy, acceptUrl, trx }: TeamMemberInvitedEvent) {
    await mailInvitation('team/invitation', 'mail.team_invitation.subject', user, {
      borrower,
      companyName: company.name,
      invitedBy,
      acceptUrl,
      trx,
    })

    await notify(
      'user_invited',
      await membersWithRoles(borrower.id, COMPANY_ADMIN_ROLES, trx, { except: [invitedBy.id] }),
      {
        title: phrase('notice.team.invited.title'),
        message: phrase('notice.team.invited.message', {
          inviter: invitedBy.name,
          user: user.name,
          company: company.name,
        }),
        scope: 'company',
        actor: invitedBy,
        activity: {
          entityType: 'user',
          entityId: user.id,
          entityName: user.name,
          actionLabel: 'notice.action.view_provider',
          actionRoute: `/team/${company.id}`,
          metadata: { kind: 'team_member_invited', providerCompanyId: company.id },
        },
      },
      { trx }
    )
  }

  /** An existing account is asked to accept; the borrower's admins hear of it only on acceptance */
  async membershipRequested({
    invitee,
    companyName,
    borrower,
    invitedBy,
    acceptUrl,
    trx,
  }: TeamMembershipRequestedEvent) {
    await mailInvitation('team/membership_request', 'mail.membership_request.subject', invitee, {
      borrower,
      companyName,
      invitedBy,
      acceptUrl,
      trx,
    })
  }

  /** The borrower's owners and admins (the inviter included) learn that the person accepted */
  async accepted({ user, company, borrower, role, trx }: TeamInvitationAcceptedEvent) {
    if (role !== 'provider') {
      await notify(
        'user_invited',
        await membersWithRoles(borrower.id, COMPANY_ADMIN_ROLES, trx, { except: [user.id] }),
        {
          title: phrase('notice.team.accepted.title'),
          message: phrase('notice.team.accepted.member_message', {
            user: user.name,
            role: roleName(role),
          }),
          scope: 'company',
          actor: user,
          activity: {
            entityType: 'user',
            entityId: user.id,
            entityName: user.name,
            actionLabel: 'notice.action.view_members',
            actionRoute: '/company/members',
            metadata: { kind: 'company_member_joined', role },
          },
        },
        { trx }
      )
      return
    }
    await notify(
      'user_invited',
      await membersWithRoles(borrower.id, COMPANY_ADMIN_ROLES, trx),
      {
        title: phrase('notice.team.accepted.title'),
        message: company
          ? phrase('notice.team.accepted.provider_message_with_company', {
              user: user.name,
              company: company.name,
            })
          : phrase('notice.team.accepted.provider_message', { user: user.name }),
        scope: 'company',
        actor: user,
        activity: {
          entityType: 'user',
          entityId: user.id,
          entityName: user.name,
          actionLabel: 'notice.action.view_provider',
          actionRoute: company ? `/team/${company.id}` : '/team',
          metadata: { kind: 'team_invitation_accepted', providerCompanyId: company?.id ?? null },
        },
      },
      { trx }
    )
  }
}
