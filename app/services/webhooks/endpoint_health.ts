import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import webhooksConfig from '#config/webhooks'
import { notify } from '#services/notifications/notifier'
import { eventActivity, membersWithRoles } from '#services/notifications/event_notifications'
import { phrase } from '#support/i18n'

/** `system_alert`: mandatory (every channel), the one existing type for "your setup broke" */
const TYPE = 'system_alert'

/**
 * Keeps an endpoint's run of dead deliveries, in the worker's transaction
 * that records the outcome: a delivered one resets it; a dead one adds one,
 * and the one that reaches `disableAfterDead` (20) switches the endpoint
 * off (`is_active` false, `disabled_at`) and tells the company's owners and
 * admins (the roles that manage webhooks) through the notifier.
 */
export async function trackWebhookOutcome(
  trx: TransactionClientContract,
  endpointId: string,
  outcome: 'sent' | 'dead',
  at: Date
) {
  if (outcome === 'sent') {
    await trx
      .from('webhook_endpoints')
      .where('id', endpointId)
      .where('consecutive_dead', '>', 0)
      .update({ consecutive_dead: 0 })
    return
  }
  const { rows } = await trx.rawQuery(
    `UPDATE webhook_endpoints
        SET consecutive_dead = consecutive_dead + 1,
            is_active = CASE WHEN consecutive_dead + 1 >= :limit THEN false ELSE is_active END,
            disabled_at = CASE WHEN consecutive_dead + 1 >= :limit AND is_active THEN :at ELSE disabled_at END,
            updated_at = CASE WHEN consecutive_dead + 1 >= :limit AND is_active THEN :at ELSE updated_at END
      WHERE id = :endpointId
      RETURNING company_id, url, (disabled_at = :at AND NOT is_active) AS switched_off`,
    { endpointId, at, limit: webhooksConfig.disableAfterDead }
  )
  const endpoint = rows[0]
  if (!endpoint?.switched_off) return
  await notify(
    TYPE,
    await membersWithRoles(endpoint.company_id, ['owner', 'admin'], trx),
    {
      title: phrase('notice.webhook_disabled.title'),
      message: phrase('notice.webhook_disabled.message', {
        url: endpoint.url,
        count: webhooksConfig.disableAfterDead,
      }),
      scope: 'company',
      priority: 'high',
      activity: eventActivity('webhook_disabled', {
        webhookId: endpointId,
        url: endpoint.url,
        actionRoute: `/company/${endpoint.company_id}/webhooks/${endpointId}`,
      }),
    },
    { trx }
  )
}
