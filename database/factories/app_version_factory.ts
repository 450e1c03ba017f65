import { DateTime } from 'luxon'
import factory from '@adonisjs/lucid/factories'
import AppVersion from '#models/app_version'

/** A launched iOS store release; states cover the other variants */
export const AppVersionFactory = factory
  .define(AppVersion, ({ faker }) => ({
    platform: 'ios' as const,
    version: `1.${faker.number.int({ min: 0, max: 50 })}.${faker.number.int({ min: 0, max: 50 })}`,
    launchAt: DateTime.now().minus({ days: faker.number.int({ min: 1, max: 300 }) }),
    type: 'release' as const,
    forceUpdate: false,
    title: faker.lorem.words(3),
    description: faker.lorem.sentence(),
    storeUrl: faker.internet.url(),
    delivery: 'store' as const,
    minSupportedVersion: '0.0.0',
    deprecatedAt: null,
    runtimeVersion: null,
    updateId: null,
    deletedAt: null,
  }))
  .state('android', (version) => {
    version.platform = 'android'
  })
  .state('future', (version) => {
    version.launchAt = DateTime.now().plus({ days: 1 })
  })
  .state('deleted', (version) => {
    version.deletedAt = DateTime.now().minus({ hours: 1 })
  })
  .build()
