import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'

/** How long a stored answer is replayed */
export const IDEMPOTENCY_TTL_HOURS = 24

export interface StoredAnswer {
  requestHash: string
  /** null while the first request still runs */
  status: number | null
  body: string | null
  contentType: string | null
}

/**
 * The `idempotency_keys` table (migration 1764500000001): one row per
 * caller and Idempotency-Key, claimed by the first request with INSERT
 * ... ON CONFLICT, so two requests with one key never both run. An expired
 * row is reclaimed in the same statement (expired rows are pruned lazily
 * and by `audit:prune`).
 */
export const idempotencyStore = {
  /** Claims the key: null when claimed now, else the row already there */
  async claim(caller: string, key: string, requestHash: string, now: DateTime) {
    const expiresAt = now.plus({ hours: IDEMPOTENCY_TTL_HOURS }).toJSDate()
    const { rows } = await db.rawQuery(
      `INSERT INTO idempotency_keys (caller, key, request_hash, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (caller, key) DO UPDATE
          SET request_hash = EXCLUDED.request_hash, status = NULL, body = NULL,
              content_type = NULL, created_at = EXCLUDED.created_at,
              expires_at = EXCLUDED.expires_at
        WHERE idempotency_keys.expires_at <= EXCLUDED.created_at
       RETURNING caller`,
      [caller, key, requestHash, now.toJSDate(), expiresAt]
    )
    if (rows.length) return null
    const row = await db
      .from('idempotency_keys')
      .where({ caller, key })
      .select('request_hash', 'status', 'body', 'content_type')
      .first()
    /* Gone between the two statements (the first request failed): a conflict all the same */
    if (!row) return { requestHash, status: null, body: null, contentType: null }
    return {
      requestHash: row.request_hash,
      status: row.status,
      body: row.body,
      contentType: row.content_type,
    } satisfies StoredAnswer
  },

  async complete(caller: string, key: string, answer: Omit<StoredAnswer, 'requestHash'>) {
    await db
      .from('idempotency_keys')
      .where({ caller, key })
      .update({ status: answer.status, body: answer.body, content_type: answer.contentType })
  },

  /** The first request failed without an answer worth replaying: a retry runs again */
  async release(caller: string, key: string) {
    await db.from('idempotency_keys').where({ caller, key }).whereNull('status').delete()
  },

  /** Deletes expired rows (the prune schedule); returns how many */
  async prune(now: DateTime) {
    return db.from('idempotency_keys').where('expires_at', '<=', now.toJSDate()).delete()
  },
}
