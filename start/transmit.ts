/*
|--------------------------------------------------------------------------
| Live notifications, in the web server and the test runner
|--------------------------------------------------------------------------
|
| The channel rule for transmit, and this process's LISTEN connection:
| every committed notification (from any process) reaches every API
| instance through PostgreSQL, and each pushes it to its own streams; so
| does a subscribe that reached an instance other than its stream's.
|
*/
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import transmit from '@adonisjs/transmit/services/main'
import dbConfig from '#config/database'
import PushLiveNotifications from '#actions/notifications/push_live_notifications'
import LiveNotificationPolicy from '#policies/live_notification_policy'
import {
  NOTIFICATION_CHANNEL,
  loadNotificationChannel,
  type NotificationChannelParams,
} from '#services/notifications/live_channel'
import { LiveNotificationListener } from '#services/notifications/live_listener'
import {
  applyHere,
  closeLiveStreams,
  holdStreamsWith,
  reconnected,
  revokeHere,
  sweepStreams,
} from '#services/notifications/live_streams'

/**
 * Transmit's own gate for the channel: the same policy the subscribe route
 * runs first to answer 403 with the reason (SubscribeToLiveNotifications);
 * this keeps any other subscribe path closed.
 */
transmit.authorize<NotificationChannelParams & Record<string, string>>(
  NOTIFICATION_CHANNEL,
  async (ctx, params) =>
    ctx.bouncer
      .with(LiveNotificationPolicy)
      .allows('subscribe', await loadNotificationChannel(params))
)

const { connection } = dbConfig.connections.postgres
const push = new PushLiveNotifications()

export const liveListener = new LiveNotificationListener({
  connection: {
    ...(connection as object),
    /** Tells it apart in pg_stat_activity from the pool's connections */
    application_name: `${(connection as { application_name?: string }).application_name ?? 'app'}:live`,
  },
  onCreated: async (created) => void (await push.handle(created)),
  /** Authorised by the instance that took the request; applied here if the stream is here */
  onSubscription: async (change) => void (await applyHere(change)),
  /** A session or membership ended (triggers on auth_sessions and company_members) */
  onRevocation: revokeHere,
  onConnected: reconnected,
})
holdStreamsWith(liveListener)

/** The backstop of the revocations: a stream whose session expired, or one a NOTIFY missed */
const SWEEP_INTERVAL_MS = 60_000

app.ready(() => {
  liveListener.start()
  const sweep = setInterval(
    () => void sweepStreams().catch((error) => logger.warn({ err: error }, 'live sweep failed')),
    SWEEP_INTERVAL_MS
  )
  sweep.unref()
  /**
   * Registered once the HTTP server listens, so it runs before the
   * server's own close (terminating hooks run last-registered first):
   * open streams would keep that close waiting for the grace period.
   */
  app.terminating(async () => {
    clearInterval(sweep)
    closeLiveStreams()
    await liveListener.stop()
  })
})
