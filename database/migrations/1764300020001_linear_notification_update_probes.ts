import { BaseSchema } from '@adonisjs/lucid/schema'

/* The SQL below is the exact text this migration ran (frozen history: no shared builders). */

const UP_RANK_MARKS = `
      CREATE OR REPLACE FUNCTION notification_rank_marks_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          
  IF EXISTS (WITH events AS (SELECT user_id, company_id, created_at, id, 1 AS sign FROM new_rows)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT user_id, company_id, created_at, id, 1 AS sign FROM new_rows)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  WITH ranked AS MATERIALIZED (
    SELECT n.user_id, n.company_id, n.created_at, n.id,
           n.created_at <= coalesce(c.read_before, '-infinity') AS late,
           c.total - count(*) OVER inbox
             + row_number() OVER (inbox ORDER BY n.created_at, n.id) - 1 AS older
      FROM new_rows n
      JOIN notification_counters c ON c.user_id = n.user_id AND c.company_id = n.company_id
    WINDOW inbox AS (PARTITION BY n.user_id, n.company_id)
  ), candidates AS MATERIALIZED (
    SELECT * FROM ranked WHERE older > 0 AND older % 256 = 0
  ), eligible AS MATERIALIZED (
    SELECT f.user_id, f.company_id
      FROM (SELECT DISTINCT ON (r.user_id, r.company_id) r.user_id, r.company_id, r.created_at, r.id,
                   count(*) OVER (PARTITION BY r.user_id, r.company_id) AS batch,
                   bool_or(r.late) OVER (PARTITION BY r.user_id, r.company_id) AS late
              FROM ranked r
             WHERE EXISTS (SELECT 1 FROM candidates k
                            WHERE k.user_id = r.user_id AND k.company_id = r.company_id)
             ORDER BY r.user_id, r.company_id, r.created_at, r.id) f
     WHERE NOT f.late
       AND f.batch = (SELECT count(*) FROM notifications t
                       WHERE t.user_id = f.user_id AND t.company_id = f.company_id
                         AND (t.created_at, t.id) >= (f.created_at, f.id))
  )
  INSERT INTO notification_rank_marks (user_id, company_id, created_at, id, older)
  SELECT k.user_id, k.company_id, k.created_at, k.id, k.older
    FROM candidates k JOIN eligible e ON e.user_id = k.user_id AND e.company_id = k.company_id
  ON CONFLICT DO NOTHING;
        ELSIF TG_OP = 'DELETE' THEN
          
  IF EXISTS (WITH events AS (SELECT user_id, company_id, created_at, id, -1 AS sign FROM old_rows)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT user_id, company_id, created_at, id, -1 AS sign FROM old_rows)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  DELETE FROM notification_rank_marks m
   USING (SELECT DISTINCT user_id, company_id FROM old_rows) b
   WHERE m.user_id = b.user_id AND m.company_id = b.company_id AND m.older <= 0;
        ELSE
          IF NOT EXISTS (SELECT id, created_at FROM new_rows EXCEPT ALL SELECT id, created_at FROM old_rows) THEN
            RETURN NULL;
          END IF;
          
  IF EXISTS (WITH events AS (SELECT user_id, company_id, created_at, id, 1 AS sign FROM (SELECT user_id, company_id, created_at, id FROM new_rows EXCEPT ALL SELECT user_id, company_id, created_at, id FROM old_rows) added
           UNION ALL
           SELECT user_id, company_id, created_at, id, -1 FROM (SELECT user_id, company_id, created_at, id FROM old_rows EXCEPT ALL SELECT user_id, company_id, created_at, id FROM new_rows) removed)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT user_id, company_id, created_at, id, 1 AS sign FROM (SELECT user_id, company_id, created_at, id FROM new_rows EXCEPT ALL SELECT user_id, company_id, created_at, id FROM old_rows) added
           UNION ALL
           SELECT user_id, company_id, created_at, id, -1 FROM (SELECT user_id, company_id, created_at, id FROM old_rows EXCEPT ALL SELECT user_id, company_id, created_at, id FROM new_rows) removed)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  DELETE FROM notification_rank_marks m
   USING (SELECT DISTINCT user_id, company_id FROM old_rows) b
   WHERE m.user_id = b.user_id AND m.company_id = b.company_id AND m.older <= 0;
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `

const UP_COUNTERS = `
      CREATE OR REPLACE FUNCTION notification_counters_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO notification_counters (user_id, company_id)
          SELECT DISTINCT user_id, company_id FROM new_rows ORDER BY 1, 2
          ON CONFLICT DO NOTHING;
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM new_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          /* Late rows (see the migration's comment): stamped now, so unread.
             The UPDATE trigger counts them (+1 each, covered -> not covered). */
          IF EXISTS (SELECT 1 FROM new_rows n JOIN notification_counters c USING (user_id, company_id)
                      WHERE n.created_at <= c.read_before) THEN
            UPDATE notifications t
               SET created_at = greatest(clock_timestamp(), c.read_before + interval '1 microsecond')
              FROM new_rows n JOIN notification_counters c USING (user_id, company_id)
             WHERE t.id = n.id AND n.created_at <= c.read_before;
          END IF;
          UPDATE notification_counters AS c
             SET total = c.total + d.total, unread = c.unread + d.unread
            FROM (SELECT n.user_id, n.company_id, count(*) AS total,
                         count(*) FILTER (WHERE NOT n.is_read AND n.created_at > coalesce(k.read_before, '-infinity')) AS unread
                    FROM new_rows n JOIN notification_counters k USING (user_id, company_id)
                   GROUP BY n.user_id, n.company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id;
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM old_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          UPDATE notification_counters AS c
             SET total = c.total - d.total, unread = c.unread - d.unread
            FROM (SELECT o.user_id, o.company_id, count(*) AS total,
                         count(*) FILTER (WHERE NOT o.is_read AND o.created_at > coalesce(k.read_before, '-infinity')) AS unread
                    FROM old_rows o JOIN notification_counters k USING (user_id, company_id)
                   GROUP BY o.user_id, o.company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id;
        ELSE
          /* Only a change of is_read or created_at can move the unread count
             (the actor refresh, which rewrites names, takes no lock here) */
          IF NOT EXISTS (SELECT id, is_read, created_at FROM new_rows EXCEPT ALL SELECT id, is_read, created_at FROM old_rows) THEN
            RETURN NULL;
          END IF;
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM new_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          UPDATE notification_counters AS c
             SET unread = c.unread + d.delta
            FROM (SELECT n.user_id, n.company_id,
                         sum((NOT n.is_read AND n.created_at > coalesce(k.read_before, '-infinity'))::int
                           - (NOT o.is_read AND o.created_at > coalesce(k.read_before, '-infinity'))::int) AS delta
                    FROM new_rows n JOIN old_rows o ON o.id = n.id
                    JOIN notification_counters k ON k.user_id = n.user_id AND k.company_id = n.company_id
                   GROUP BY n.user_id, n.company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id AND d.delta <> 0;
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `

const DOWN_RANK_MARKS = `
      CREATE OR REPLACE FUNCTION notification_rank_marks_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          
  IF EXISTS (WITH events AS (SELECT user_id, company_id, created_at, id, 1 AS sign FROM new_rows)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT user_id, company_id, created_at, id, 1 AS sign FROM new_rows)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  WITH ranked AS MATERIALIZED (
    SELECT n.user_id, n.company_id, n.created_at, n.id,
           n.created_at <= coalesce(c.read_before, '-infinity') AS late,
           c.total - count(*) OVER inbox
             + row_number() OVER (inbox ORDER BY n.created_at, n.id) - 1 AS older
      FROM new_rows n
      JOIN notification_counters c ON c.user_id = n.user_id AND c.company_id = n.company_id
    WINDOW inbox AS (PARTITION BY n.user_id, n.company_id)
  ), candidates AS MATERIALIZED (
    SELECT * FROM ranked WHERE older > 0 AND older % 256 = 0
  ), eligible AS MATERIALIZED (
    SELECT f.user_id, f.company_id
      FROM (SELECT DISTINCT ON (r.user_id, r.company_id) r.user_id, r.company_id, r.created_at, r.id,
                   count(*) OVER (PARTITION BY r.user_id, r.company_id) AS batch,
                   bool_or(r.late) OVER (PARTITION BY r.user_id, r.company_id) AS late
              FROM ranked r
             WHERE EXISTS (SELECT 1 FROM candidates k
                            WHERE k.user_id = r.user_id AND k.company_id = r.company_id)
             ORDER BY r.user_id, r.company_id, r.created_at, r.id) f
     WHERE NOT f.late
       AND f.batch = (SELECT count(*) FROM notifications t
                       WHERE t.user_id = f.user_id AND t.company_id = f.company_id
                         AND (t.created_at, t.id) >= (f.created_at, f.id))
  )
  INSERT INTO notification_rank_marks (user_id, company_id, created_at, id, older)
  SELECT k.user_id, k.company_id, k.created_at, k.id, k.older
    FROM candidates k JOIN eligible e ON e.user_id = k.user_id AND e.company_id = k.company_id
  ON CONFLICT DO NOTHING;
        ELSIF TG_OP = 'DELETE' THEN
          
  IF EXISTS (WITH events AS (SELECT user_id, company_id, created_at, id, -1 AS sign FROM old_rows)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT user_id, company_id, created_at, id, -1 AS sign FROM old_rows)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  DELETE FROM notification_rank_marks m
   USING (SELECT DISTINCT user_id, company_id FROM old_rows) b
   WHERE m.user_id = b.user_id AND m.company_id = b.company_id AND m.older <= 0;
        ELSE
          IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.created_at IS DISTINCT FROM o.created_at) THEN
            RETURN NULL;
          END IF;
          
  IF EXISTS (WITH events AS (SELECT n.user_id, n.company_id, n.created_at, n.id, 1 AS sign
             FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.created_at IS DISTINCT FROM o.created_at
           UNION ALL
           SELECT o.user_id, o.company_id, o.created_at, o.id, -1
             FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.created_at IS DISTINCT FROM o.created_at)
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (SELECT n.user_id, n.company_id, n.created_at, n.id, 1 AS sign
             FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.created_at IS DISTINCT FROM o.created_at
           UNION ALL
           SELECT o.user_id, o.company_id, o.created_at, o.id, -1
             FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.created_at IS DISTINCT FROM o.created_at)
  UPDATE notification_rank_marks m SET older = m.older + s.delta
    FROM (SELECT user_id, company_id, created_at, id, delta
            FROM (SELECT e.is_mark, e.user_id, e.company_id, e.created_at, e.id,
                         sum(e.sign) OVER (PARTITION BY e.user_id, e.company_id
                                           ORDER BY e.created_at, e.id, e.is_mark DESC) AS delta
                    FROM (SELECT false AS is_mark, user_id, company_id, created_at, id, sign
                            FROM events
                          UNION ALL
                          SELECT true, k.user_id, k.company_id, k.created_at, k.id, 0
                            FROM notification_rank_marks k
                            JOIN (SELECT user_id, company_id, min(created_at) AS since
                                    FROM events GROUP BY user_id, company_id) b
                              ON b.user_id = k.user_id AND b.company_id = k.company_id
                           WHERE k.created_at >= b.since) e) w
           WHERE w.is_mark AND w.delta <> 0) s
   WHERE m.user_id = s.user_id AND m.company_id = s.company_id
     AND m.created_at = s.created_at AND m.id = s.id;
  END IF;
          
  DELETE FROM notification_rank_marks m
   USING (SELECT DISTINCT user_id, company_id FROM old_rows) b
   WHERE m.user_id = b.user_id AND m.company_id = b.company_id AND m.older <= 0;
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `

const DOWN_COUNTERS = `
      CREATE OR REPLACE FUNCTION notification_counters_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO notification_counters (user_id, company_id)
          SELECT DISTINCT user_id, company_id FROM new_rows ORDER BY 1, 2
          ON CONFLICT DO NOTHING;
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM new_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          /* Late rows (see the migration's comment): stamped now, so unread.
             The UPDATE trigger counts them (+1 each, covered -> not covered). */
          IF EXISTS (SELECT 1 FROM new_rows n JOIN notification_counters c USING (user_id, company_id)
                      WHERE n.created_at <= c.read_before) THEN
            UPDATE notifications t
               SET created_at = greatest(clock_timestamp(), c.read_before + interval '1 microsecond')
              FROM new_rows n JOIN notification_counters c USING (user_id, company_id)
             WHERE t.id = n.id AND n.created_at <= c.read_before;
          END IF;
          UPDATE notification_counters AS c
             SET total = c.total + d.total, unread = c.unread + d.unread
            FROM (SELECT n.user_id, n.company_id, count(*) AS total,
                         count(*) FILTER (WHERE NOT n.is_read AND n.created_at > coalesce(k.read_before, '-infinity')) AS unread
                    FROM new_rows n JOIN notification_counters k USING (user_id, company_id)
                   GROUP BY n.user_id, n.company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id;
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM old_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          UPDATE notification_counters AS c
             SET total = c.total - d.total, unread = c.unread - d.unread
            FROM (SELECT o.user_id, o.company_id, count(*) AS total,
                         count(*) FILTER (WHERE NOT o.is_read AND o.created_at > coalesce(k.read_before, '-infinity')) AS unread
                    FROM old_rows o JOIN notification_counters k USING (user_id, company_id)
                   GROUP BY o.user_id, o.company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id;
        ELSE
          /* Only a change of is_read or created_at can move the unread count
             (the actor refresh, which rewrites names, takes no lock here) */
          IF NOT EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                          WHERE n.is_read IS DISTINCT FROM o.is_read
                             OR n.created_at IS DISTINCT FROM o.created_at) THEN
            RETURN NULL;
          END IF;
          PERFORM 1 FROM notification_counters c
            JOIN (SELECT DISTINCT user_id, company_id FROM new_rows) k USING (user_id, company_id)
           ORDER BY c.user_id, c.company_id FOR UPDATE OF c;
          UPDATE notification_counters AS c
             SET unread = c.unread + d.delta
            FROM (SELECT n.user_id, n.company_id,
                         sum((NOT n.is_read AND n.created_at > coalesce(k.read_before, '-infinity'))::int
                           - (NOT o.is_read AND o.created_at > coalesce(k.read_before, '-infinity'))::int) AS delta
                    FROM new_rows n JOIN old_rows o ON o.id = n.id
                    JOIN notification_counters k ON k.user_id = n.user_id AND k.company_id = n.company_id
                   GROUP BY n.user_id, n.company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id AND d.delta <> 0;
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `

/**
 * The notifications UPDATE triggers asked "did any row's created_at (or
 * is_read) change?" with EXISTS over new_rows joined to old_rows. EXISTS is
 * planned to stop at the first row, so PostgreSQL joined the two transition
 * tables (no index) by a nested loop: when no row matched, it compared every
 * new row with every old one. 900k late rows restamped by one insert (the
 * bench's 10x top-up after a read-all) never finished, and a bulk update
 * that changes neither column would have done the same. The same questions
 * as set differences (EXCEPT ALL, hashed) read each table once; the
 * answers are the same (ids are unique; a row whose key did not change
 * cancels out).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(UP_RANK_MARKS)
    this.schema.raw(UP_COUNTERS)
  }

  async down() {
    this.schema.raw(DOWN_RANK_MARKS)
    this.schema.raw(DOWN_COUNTERS)
  }
}
