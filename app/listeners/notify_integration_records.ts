import type { RecordsWithoutContractEvent } from '#events/integration_events'
import { notify } from '#services/notifications/notifier'
import { eventActivity, membersWithRoles } from '#services/notifications/event_notifications'
import { BORROWER_SIDE_ROLES } from '#enums/roles'
import { phrase } from '#support/i18n'

const TYPE = 'integration_records_without_contract'

/**
 * The daily sweep found synchronised records without an active contract:
 * `integration_records_without_contract` (scope company) to every
 * borrower-side member of the company (providers excluded). The generic
 * e-mail and messenger links derive from `activity.actionRoute`.
 */
export default class NotifyIntegrationRecords {
  async handle(event: RecordsWithoutContractEvent) {
    const { companyId, connectionId, provider, pendingCount, actionRoute, trx } = event
    await notify(
      TYPE,
      await membersWithRoles(companyId, BORROWER_SIDE_ROLES, trx),
      {
        title: phrase('notice.integration_records.title'),
        message: phrase('notice.integration_records.message', { count: pendingCount, provider }),
        scope: 'company',
        activity: eventActivity(TYPE, { connectionId, provider, pendingCount, actionRoute }),
      },
      { trx }
    )
  }
}
