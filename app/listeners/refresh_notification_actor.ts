import type { UserProfileUpdatedEvent } from '#events/user_events'
import notificationService from '#services/notifications/notifier'

/**
 * Keeps the actor name and avatar stored on notifications in step with
 * the user's profile (same transaction as the profile change).
 */
export default class RefreshNotificationActor {
  async handle({ user, trx }: UserProfileUpdatedEvent) {
    await notificationService.refreshActor(user, trx)
  }
}
