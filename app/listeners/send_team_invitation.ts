import type {
  TeamInvitationAcceptedEvent,
  TeamMemberInvitedEvent,
  TeamMembershipRequestedEvent,
} from '#events/team_events'
import { notify } from '#services/notifications/notifier'
import { membersWithRoles, sendDedicatedMail } from '#services/notifications/event_notifications'
import { COMPANY_ADMIN_ROLES } from '#enums/roles'
import { phrase, roleName, type Phrase } from '#support/i18n'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Company from '#models/company'
import type User from '#models/user'

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
 * `user_invited` to the borrower's owners and admins (but `except`), by
 * `actor`, about the person `about` (scope company).
 */
async function tellAdmins(
  who: {
    borrower: Company
    actor: User
    about: User
    except: string[]
    trx: TransactionClientContract
  },
  text: { title: Phrase; message: Phrase },
  action: { actionLabel: string; actionRoute: string; metadata: Record<string, unknown> }
) {
  const { borrower, actor, about, except, trx } = who
  await notify(
    'user_invited',
    await membersWithRoles(borrower.id, COMPANY_ADMIN_ROLES, trx, { except }),
    {
      ...text,
      scope: 'company',
      actor,
      activity: { entityType: 'user', entityId: about.id, entityName: about.name, ...action },
    },
    { trx }
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

    await tellAdmins(
      { borrower, actor: invitedBy, about: user, except: [invitedBy.id], trx },
      {
        title: phrase('notice.team.invited.title'),
        message: phrase('notice.team.invited.message', {
          inviter: invitedBy.name,
          user: user.name,
          company: company.name,
        }),
      },
      {
        actionLabel: 'notice.action.view_provider',
        actionRoute: `/team/${company.id}`,
        metadata: { kind: 'team_member_invited', providerCompanyId: company.id },
      }
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
      await tellAdmins(
        { borrower, actor: user, about: user, except: [user.id], trx },
        {
          title: phrase('notice.team.accepted.title'),
          message: phrase('notice.team.accepted.member_message', {
            user: user.name,
            role: roleName(role),
          }),
        },
        {
          actionLabel: 'notice.action.view_members',
          actionRoute: '/company/members',
          metadata: { kind: 'company_member_joined', role },
        }
      )
      return
    }
    await tellAdmins(
      { borrower, actor: user, about: user, except: [], trx },
      {
        title: phrase('notice.team.accepted.title'),
        message: company
          ? phrase('notice.team.accepted.provider_message_with_company', {
              user: user.name,
              company: company.name,
            })
          : phrase('notice.team.accepted.provider_message', { user: user.name }),
      },
      {
        actionLabel: 'notice.action.view_provider',
        actionRoute: company ? `/team/${company.id}` : '/team',
        metadata: { kind: 'team_invitation_accepted', providerCompanyId: company?.id ?? null },
      }
    )
  }
}
