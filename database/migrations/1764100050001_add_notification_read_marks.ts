import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A query with a row when some updated row's is_read or created_at changed
 * (the UPDATE branch does nothing otherwise), as first written: new_rows
 * joined to old_rows by id.
 */
const JOINED_CHANGED = `SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
                          WHERE n.is_read IS DISTINCT FROM o.is_read
                             OR n.created_at IS DISTINCT FROM o.created_at`

/** The counters' trigger function, its UPDATE branch's probe `changed` */
function countersApplySql(changed: string) {
  return `
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
          IF NOT EXISTS (${changed}) THEN
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
}

/**
 * I4 (read-all) in O(1): instead of updating every unread row of the inbox
 * (333k rows at 10x, no answer within 4 s), read-all moves a watermark.
 * A notification reads as read when `is_read` is set OR its `created_at`
 * is at or before the inbox's `read_before` (notification_counters); its
 * `readAt` is then its own `read_at`, else the `read_at` of the first
 * read-all mark that covers it (notification_read_marks, one row per
 * read-all that found something unread).
 *
 * The counters' trigger keeps `unread` exact under that definition: each
 * statement first locks the counter rows of the inboxes it touches (in key
 * order, so two batches never deadlock), the row read-all locks too, so a
 * read-all is wholly before or wholly after a batch's count. A row whose
 * transaction began before a read-all but is inserted after it (its
 * created_at at or before the new watermark) would arrive already read: the
 * trigger stamps it with the insert time instead, so nothing new is lost.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('notification_counters', (table) => {
      table.timestamp('read_before', { useTz: true }).nullable()
    })

    this.schema.createTable('notification_read_marks', (table) => {
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.timestamp('read_before', { useTz: true }).notNullable()
      table.timestamp('read_at', { useTz: true }).notNullable()
      table.primary(['user_id', 'company_id', 'read_before'])
    })

    this.schema.raw(countersApplySql(JOINED_CHANGED))

    /* Timestamps in the responses built in SQL: api_timestamp(ts, zone, zulu), created by create_compliance_json_functions */
  }

  async down() {
    /* Back to rows only: what the watermarks cover becomes is_read on the row */
    this.schema.raw(`
      UPDATE notifications n
         SET is_read = true,
             read_at = (SELECT m.read_at FROM notification_read_marks m
                         WHERE m.user_id = n.user_id AND m.company_id = n.company_id
                           AND m.read_before >= n.created_at
                         ORDER BY m.read_before LIMIT 1)
        FROM notification_counters c
       WHERE c.user_id = n.user_id AND c.company_id = n.company_id
         AND NOT n.is_read AND n.created_at <= c.read_before
    `)
    this.schema.dropTable('notification_read_marks')
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION notification_counters_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO notification_counters AS c (user_id, company_id, total, unread)
          SELECT user_id, company_id, count(*), count(*) FILTER (WHERE NOT is_read)
            FROM new_rows GROUP BY user_id, company_id
          ON CONFLICT (user_id, company_id) DO UPDATE
            SET total = c.total + EXCLUDED.total, unread = c.unread + EXCLUDED.unread;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE notification_counters AS c
             SET total = c.total - d.total, unread = c.unread - d.unread
            FROM (SELECT user_id, company_id, count(*) AS total,
                         count(*) FILTER (WHERE NOT is_read) AS unread
                    FROM old_rows GROUP BY user_id, company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id;
        ELSE
          UPDATE notification_counters AS c
             SET unread = c.unread + d.delta
            FROM (SELECT n.user_id, n.company_id,
                         sum((NOT n.is_read)::int - (NOT o.is_read)::int) AS delta
                    FROM new_rows n JOIN old_rows o ON o.id = n.id
                   GROUP BY n.user_id, n.company_id) AS d
           WHERE c.user_id = d.user_id AND c.company_id = d.company_id AND d.delta <> 0;
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.alterTable('notification_counters', (table) => {
      table.dropColumn('read_before')
    })
  }
}
