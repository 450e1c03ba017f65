import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import type { OpenStream } from '#policies/live_notification_policy'
import ServiceUnavailableException from '#exceptions/service_unavailable_exception'
import AuthSession from '#models/auth_session'
import CompanyMember from '#models/company_member'
import {
  LIVE_SUBSCRIPTIONS,
  type ListenerIdentity,
  type Revocation,
  type SubscriptionChange,
} from '#services/notifications/live_listener'
import { notificationChannel, parseNotificationChannel } from '#services/notifications/live_channel'

/** Who a stream belongs to: the session (and its user) that bound it */
export interface StreamOwner {
  sessionId: string
  userId: string
}

type Stream = ReturnType<typeof transmit.createStream>

interface LocalStream {
  stream: Stream
  /** The LISTEN connection that holds its `live_streams` row */
  holder: ListenerIdentity
  sessionId: string | null
}

/** This process's open streams by uid, with their owner once bound */
const local = new Map<string, LocalStream>()
/** Uids being opened here (between the check and the row) */
const opening = new Set<string>()

/** This process's LISTEN connection (start/transmit.ts): it holds the streams' rows */
let listener: { identity: ListenerIdentity | null } = { identity: null }
export function holdStreamsWith(live: { identity: ListenerIdentity | null }) {
  listener = live
}

const taken = () => new ConflictException('errors.live_stream_taken')

/**
 * Opens the event stream `uid` in this process, unless a stream with that
 * uid is open on any instance (409: the first keeps it) or this process
 * cannot hold one (503: its LISTEN connection is down, so it could not
 * hear revocations). `owner`: bound at once (a client
 * that sent its bearer token); else the first authenticated subscribe
 * binds it.
 */
export async function openStream(ctx: HttpContext, uid: string, owner: StreamOwner | null) {
  if (local.has(uid) || opening.has(uid)) throw taken()
  const holder = listener.identity
  if (!holder) {
    ctx.response.header('Retry-After', '5')
    throw new ServiceUnavailableException('errors.live_unavailable')
  }
  opening.add(uid)
  try {
    /** A row whose holder connection is gone (a dead instance) is taken over */
    const { rows } = await db.rawQuery(
      `INSERT INTO live_streams (uid, holder_pid, holder_started, session_id, user_id)
       VALUES (?, ?, ?::timestamptz, ?, ?)
       ON CONFLICT (uid) DO UPDATE SET holder_pid = EXCLUDED.holder_pid,
              holder_started = EXCLUDED.holder_started, session_id = EXCLUDED.session_id,
              user_id = EXCLUDED.user_id, opened_at = now()
        WHERE NOT EXISTS (SELECT 1 FROM pg_stat_activity a
                           WHERE a.pid = live_streams.holder_pid
                             AND a.backend_start = live_streams.holder_started)
       RETURNING uid`,
      [uid, holder.pid, holder.started, owner?.sessionId ?? null, owner?.userId ?? null]
    )
    if (!rows.length) throw taken()
    const response = ctx.response.response
    /** The client left while the row was written: no 'close' would come to remove it */
    if (response.destroyed || ctx.request.request.socket.destroyed) {
      await forget(uid, holder)
      return null
    }
    const stream = transmit.createStream({
      uid,
      context: ctx,
      request: ctx.request.request,
      response,
      injectResponseHeaders: ctx.response.getHeaders(),
    })
    const entry: LocalStream = { stream, holder, sessionId: owner?.sessionId ?? null }
    local.set(uid, entry)
    /** After transmit's own 'close' listener (it drops the stream's channels first) */
    response.on('close', () => {
      if (local.get(uid) === entry) local.delete(uid)
      void forget(uid, entry.holder)
    })
    return stream
  } finally {
    opening.delete(uid)
  }
}

async function forget(uid: string, holder: ListenerIdentity) {
  await db
    .rawQuery(
      `DELETE FROM live_streams
        WHERE uid = ? AND holder_pid = ? AND holder_started = ?::timestamptz`,
      [uid, holder.pid, holder.started]
    )
    .catch(() => {
      /** Stale once this process's connection goes: the next opener of the uid takes it over */
    })
}

/**
 * Binds the open stream `uid` to `owner` unless another session holds it:
 * the first authenticated subscribe takes an unbound stream, every later
 * one must come from the same session. False when it was not bound (no
 * such stream, or another session's: findOpenStream tells which).
 */
export async function bindStream(uid: string, owner: StreamOwner) {
  const { rows } = await db.rawQuery(
    `UPDATE live_streams SET session_id = ?, user_id = ?
      WHERE uid = ? AND (session_id IS NULL OR session_id = ?) RETURNING uid`,
    [owner.sessionId, owner.userId, uid, owner.sessionId]
  )
  return rows.length > 0
}

/** The open stream `uid` on any instance; 404 when there is none */
export async function findOpenStream(uid: string): Promise<OpenStream> {
  const { rows } = await db.rawQuery('SELECT session_id FROM live_streams WHERE uid = ?', [uid])
  if (!rows.length) throw new NotFoundException('errors.live_stream_not_found')
  return { sessionId: rows[0].session_id }
}

/**
 * The channels that have at least one open stream in THIS process: the
 * listener pushes only to those, so a notification nobody watches here
 * costs no query. One pass over the streams per burst (transmit's
 * `getSubscribersFor` would scan them once per channel).
 */
export function liveChannels(): Set<string> {
  const channels = new Set<string>()
  for (const subscribed of transmit.getManager().getAllSubscribers().values()) {
    for (const channel of subscribed) channels.add(channel)
  }
  return channels
}

/**
 * Applies an already authorised change to the stream `uid` if it is open
 * in this process; false when it is not.
 */
export async function applyHere(change: SubscriptionChange, context?: HttpContext) {
  const entry = local.get(change.uid)
  if (!entry) return false
  if (change.sessionId) entry.sessionId = change.sessionId
  /** No request when relayed: transmit only hands the context to its (unused) hooks */
  const params = { uid: change.uid, channel: change.channel, context: context! }
  if (change.op === 'subscribe') {
    return transmit.subscribe({ ...params, skipAuthorization: true })
  }
  return transmit.unsubscribe(params)
}

/**
 * Applies an authorised change wherever the stream is: here, or else on
 * the instance that holds it, through PostgreSQL (every API instance
 * LISTENs `live_subscriptions`; the one with the uid applies it). So a
 * load balancer may send the subscribe request to any instance.
 */
export async function applyEverywhere(change: SubscriptionChange, context: HttpContext) {
  if (await applyHere(change, context)) return
  await db.rawQuery('SELECT pg_notify(?, ?)', [LIVE_SUBSCRIPTIONS, JSON.stringify(change)])
}

/**
 * Ends every open event stream (graceful shutdown): an SSE response never
 * finishes by itself, so the HTTP server's close would otherwise wait for
 * the grace period to cut them. Clients reconnect to another instance.
 */
export function closeLiveStreams() {
  for (const stream of transmit.getManager().getAllSubscribers().keys()) stream.end()
}

/**
 * Ends a stream: no more pings or pushes (out of transmit's list at once,
 * nothing is written after the end), then the response is finished; its
 * 'close' drops its channels and its row. The client may reconnect: the
 * new stream carries nothing until an authorised subscribe.
 */
function end(entry: LocalStream) {
  transmit.getManager().getAllSubscribers().delete(entry.stream)
  entry.stream.end()
}

function channelsOf(entry: LocalStream) {
  return transmit.getManager().getAllSubscribers().get(entry.stream) ?? new Set<string>()
}

/**
 * A session or a membership ended (any instance, any code path: the
 * triggers of migration 1764400020001): ends this process's streams of
 * that session, or subscribed to that user's channel in that company.
 */
export async function revokeHere(revocation: Revocation) {
  const channel =
    'sessionId' in revocation ? null : notificationChannel(revocation.userId, revocation.companyId)
  for (const entry of local.values()) {
    const ended =
      channel === null
        ? entry.sessionId === (revocation as { sessionId: string }).sessionId
        : channelsOf(entry).has(channel)
    if (ended) end(entry)
  }
}

/**
 * Re-checks this process's streams against the database: the LISTEN
 * connection heard nothing while it was down, and a subscribe relayed
 * just after its session's revocation was heard could bind it anyway. Ends
 * the streams whose session is over (revoked, expired, deleted) or that
 * carry a channel whose membership is over. Run on every (re)connection
 * and every minute.
 */
export async function sweepStreams() {
  const entries = [...local.values()]
  const sessions = [...new Set(entries.flatMap((entry) => entry.sessionId ?? []))]
  const pairs = new Map<string, { userId: string; companyId: string }>()
  for (const entry of entries) {
    for (const channel of channelsOf(entry)) {
      const params = parseNotificationChannel(channel)
      if (params) pairs.set(channel, params)
    }
  }
  for (const sessionId of await AuthSession.endedAmong(sessions)) await revokeHere({ sessionId })
  for (const member of await CompanyMember.endedAmong([...pairs.values()])) await revokeHere(member)
}

/**
 * The LISTEN connection came back as `identity`: this process's rows move
 * to it (a row another instance took over meanwhile, as stale, ends the
 * stream here: the uid is open there now), rows of dead instances go, and
 * the streams are re-checked.
 */
export async function reconnected(identity: ListenerIdentity, previous: ListenerIdentity | null) {
  if (previous && local.size) {
    const { rows } = await db.rawQuery(
      `UPDATE live_streams SET holder_pid = ?, holder_started = ?::timestamptz
        WHERE holder_pid = ? AND holder_started = ?::timestamptz RETURNING uid`,
      [identity.pid, identity.started, previous.pid, previous.started]
    )
    const kept = new Set(rows.map((row: { uid: string }) => row.uid))
    for (const [uid, entry] of local) {
      if (kept.has(uid)) entry.holder = identity
      else end(entry)
    }
  }
  await db.rawQuery(
    `DELETE FROM live_streams l WHERE NOT EXISTS (
       SELECT 1 FROM pg_stat_activity a
        WHERE a.pid = l.holder_pid AND a.backend_start = l.holder_started)`
  )
  await sweepStreams()
}
