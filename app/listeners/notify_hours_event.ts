import type {
  RetroactiveRequestApprovedEvent,
  RetroactiveRequestCreatedEvent,
  RetroactiveRequestDeclinedEvent,
} from '#events/hours_events'
import type RetroactiveRequest from '#models/retroactive_request'
import { notify } from '#services/notifications/notifier'
import { eventActivity, recipientsIn } from '#services/notifications/event_notifications'
import { phrase } from '#support/i18n'

function activity(kind: string, request: RetroactiveRequest, label: string) {
  return eventActivity(kind, {
    actionLabel: label,
    actionRoute: `/monitoring/retroactive-requests/${request.id}`,
    metadata: {
      requestId: request.id,
      date: request.date.toISODate(),
      totalMinutes: request.totalMinutes,
      status: request.status,
      workEntryId: request.workEntryId ?? null,
    },
  })
}

/**
 * Retroactive hour requests (docs/decisions.md, Event notifications); the
 * company context is the borrower of the request.
 */
export default class NotifyHoursEvent {
  /** The borrower's owners and admins must decide */
  async created({ request, provider, recipients, trx }: RetroactiveRequestCreatedEvent) {
    await notify(
      'action_required',
      recipientsIn(request.companyId, recipients),
      {
        title: phrase('notice.hours.created.title'),
        message: phrase('notice.hours.created.message', {
          provider: provider.name,
          duration: formatMinutes(request.totalMinutes),
          date: request.date,
          reason: request.reason,
        }),
        scope: 'action',
        actor: provider,
        activity: activity('retroactive_request_created', request, 'notice.action.analyse_request'),
      },
      { trx }
    )
  }

  async approved(event: RetroactiveRequestApprovedEvent) {
    await this.#decided('approved', event, { date: event.request.date })
  }

  async declined(event: RetroactiveRequestDeclinedEvent) {
    const { request } = event
    await this.#decided('declined', event, {
      date: request.date,
      reason: request.declineReason ?? '-',
    })
  }

  /** The requester hears the decision (the review types, scope contract) */
  async #decided(
    decision: 'approved' | 'declined',
    { request, recipient, reviewer, trx }: RetroactiveRequestDeclinedEvent,
    values: Parameters<typeof phrase>[1]
  ) {
    await notify(
      decision === 'approved' ? 'review_approved' : 'review_rejected',
      recipientsIn(request.companyId, [recipient]),
      {
        title: phrase(`notice.hours.${decision}.title`),
        message: phrase(`notice.hours.${decision}.message`, values),
        scope: 'contract',
        actor: reviewer,
        activity: activity(
          `retroactive_request_${decision}`,
          request,
          'notice.action.view_request'
        ),
      },
      { trx }
    )
  }
}

function formatMinutes(total: number) {
  const hours = Math.floor(total / 60)
  const minutes = total % 60
  return minutes ? `${hours}h${String(minutes).padStart(2, '0')}` : `${hours}h`
}
