import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { MEMBER } from '#support/permissions'

const NotificationsController = () => import('#controllers/notifications_controller')
const NotificationPreferencesController = () =>
  import('#controllers/notification_preferences_controller')
const CompanyNotificationSettingsController = () =>
  import('#controllers/company_notification_settings_controller')

router
  .group(() => {
    router
      .get('/notifications', [NotificationsController, 'index'])
      .as('notifications.index')
      .gate(MEMBER)
    router
      .get('/notifications/unread-count', [NotificationsController, 'unreadCount'])
      .as('notifications.unread_count')
      .gate(MEMBER)
    router
      .patch('/notifications/read-all', [NotificationsController, 'markAllRead'])
      .as('notifications.read_all')
      .gate(MEMBER)
    router
      .patch('/notifications/:id/read', [NotificationsController, 'markRead'])
      .as('notifications.read')
      .gate(MEMBER)
      .use(middleware.pathIds({ names: ['id'], message: 'errors.notification_not_found' }))
    router
      .post('/notifications/custom', [NotificationsController, 'sendCustom'])
      .as('notifications.custom')
      .gate('notifications.send')
    router
      .get('/notifications/preferences', [NotificationPreferencesController, 'show'])
      .as('notifications.preferences.show')
      .gate(MEMBER)
    router
      .put('/notifications/preferences', [NotificationPreferencesController, 'update'])
      .as('notifications.preferences.update')
      .gate(MEMBER)
    router
      .get('/company/:id/notification-settings', [CompanyNotificationSettingsController, 'show'])
      .as('company.notification_settings.show')
      .gate('company.settings.manage')
      .use(middleware.pathIds({ names: ['id'] }))
    router
      .put('/company/:id/notification-settings', [CompanyNotificationSettingsController, 'update'])
      .as('company.notification_settings.update')
      .gate('company.settings.manage')
      .use(middleware.pathIds({ names: ['id'] }))
  })
  .prefix('/api/v1')
  .use([middleware.auth(), middleware.company(), middleware.role()])
