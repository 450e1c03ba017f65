import type { NotificationActivity } from '#models/notification'

/**
 * `activity` of a contract notification: clients navigate to
 * `/contracts/<id>` on click. `actionLabel` is a catalogue key (`notice.action.*`),
 * stored in the recipient's language.
 */
export function contractActivity(
  contract: { id: string; name: string },
  actionLabel = 'notice.action.view_contract'
): NotificationActivity {
  return {
    entityType: 'contract',
    entityId: contract.id,
    entityName: contract.name,
    actionLabel,
    actionRoute: `/contracts/${contract.id}`,
  }
}

/** `activity` of a login_alert: the device of the new session */
export function loginAlertActivity(device: {
  browser: string | null
  os: string | null
  ip: string | null
}): NotificationActivity {
  return {
    entityType: 'user',
    metadata: { browser: device.browser, os: device.os, ip: device.ip },
  }
}
