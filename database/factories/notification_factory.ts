import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import Notification from '#models/notification'
import { NOTIFICATION_SCOPES } from '#enums/notifications'

export const NotificationFactory = factory
  .define(Notification, ({ faker }) => ({
    scope: faker.helpers.arrayElement(NOTIFICATION_SCOPES),
    type: 'reminder' as const,
    title: faker.lorem.sentence({ min: 3, max: 6 }),
    message: faker.lorem.sentence(),
    priority: 'medium' as const,
    isRead: false,
    readAt: null,
    activity: null,
    actorId: null,
    actorName: null,
    actorAvatar: null,
  }))
  .state('read', (notification, { faker }) => {
    notification.isRead = true
    notification.readAt = DateTime.fromJSDate(faker.date.recent())
  })
  .build()
