import { BaseSchema } from '@adonisjs/lucid/schema'

/** One mark every RANK_MARK_EVERY notifications of an inbox (see below) */
const RANK_MARK_EVERY = 256

/**
 * Moves every mark above the oldest of `events` (user_id, company_id,
 * created_at, id, sign: +1 a row now at that key, -1 a row no longer there)
 * by the sum of the events below its key. A mark sorts before an event at
 * its own key: a row is not older than itself. A probe first: a row added
 * on top (the usual insert) has no mark above it, and the update, whose
 * plan reads every mark of the table, is skipped.
 */
const shiftMarks = (events: string) => `
  IF EXISTS (WITH events AS (${events})
             SELECT 1 FROM events e
              WHERE e.created_at <= (SELECT max(k.created_at) FROM notification_rank_marks k
                                      WHERE k.user_id = e.user_id AND k.company_id = e.company_id)) THEN
  WITH events AS MATERIALIZED (${events})
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
  END IF;`

/**
 * Marks for the inserted rows whose rank is a multiple of RANK_MARK_EVERY,
 * in the inboxes where every inserted row sorts above every row the inbox
 * had (the index entries from the oldest inserted row up are the
 * statement's own rows) and none was late (restamped after a read-all).
 * The counters' trigger already added the statement's rows to `total`.
 */
const markNewRows = `
  WITH ranked AS MATERIALIZED (
    SELECT n.user_id, n.company_id, n.created_at, n.id,
           n.created_at <= coalesce(c.read_before, '-infinity') AS late,
           c.total - count(*) OVER inbox
             + row_number() OVER (inbox ORDER BY n.created_at, n.id) - 1 AS older
      FROM new_rows n
      JOIN notification_counters c ON c.user_id = n.user_id AND c.company_id = n.company_id
    WINDOW inbox AS (PARTITION BY n.user_id, n.company_id)
  ), candidates AS MATERIALIZED (
    SELECT * FROM ranked WHERE older > 0 AND older % ${RANK_MARK_EVERY} = 0
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
  ON CONFLICT DO NOTHING;`

/** Marks with nothing older left (after a prune) say nothing: dropped */
const dropEmptyMarks = (rows: string) => `
  DELETE FROM notification_rank_marks m
   USING (SELECT DISTINCT user_id, company_id FROM ${rows}) b
   WHERE m.user_id = b.user_id AND m.company_id = b.company_id AND m.older <= 0;`

/**
 * The UPDATE branch's view of the statement: `changed` is a query with a
 * row when some row's created_at changed, `events` the +1 (new key) and -1
 * (old key) of each such row.
 */
interface RankMarkChanges {
  changed: string
  events: string
}

/** As first written: new_rows joined to old_rows by id */
const JOINED_CHANGES: RankMarkChanges = {
  changed: `SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE n.created_at IS DISTINCT FROM o.created_at`,
  events: `SELECT n.user_id, n.company_id, n.created_at, n.id, 1 AS sign
             FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.created_at IS DISTINCT FROM o.created_at
           UNION ALL
           SELECT o.user_id, o.company_id, o.created_at, o.id, -1
             FROM new_rows n JOIN old_rows o ON o.id = n.id
            WHERE n.created_at IS DISTINCT FROM o.created_at`,
}

/** The trigger function (`CREATE` or `CREATE OR REPLACE`), its UPDATE branch from `update` */
function rankMarksApplySql(verb: 'CREATE' | 'CREATE OR REPLACE', update: RankMarkChanges) {
  return `
      ${verb} FUNCTION notification_rank_marks_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${shiftMarks('SELECT user_id, company_id, created_at, id, 1 AS sign FROM new_rows')}
          ${markNewRows}
        ELSIF TG_OP = 'DELETE' THEN
          ${shiftMarks('SELECT user_id, company_id, created_at, id, -1 AS sign FROM old_rows')}
          ${dropEmptyMarks('old_rows')}
        ELSE
          IF NOT EXISTS (${update.changed}) THEN
            RETURN NULL;
          END IF;
          ${shiftMarks(update.events)}
          ${dropEmptyMarks('old_rows')}
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `
}

/**
 * Deep I1 pages without walking the OFFSET (#12 item 6). For some
 * notifications of an inbox (user, company), a mark stores its sort key
 * (created_at, id) and `older`: how many notifications of the inbox sort
 * below that key (are older). Page N of the unfiltered inbox is the rows
 * of ranks total-1-offset down to total-offset-perPage (counted from the
 * oldest); the mark just above that range says where to start, so the
 * page walks at most RANK_MARK_EVERY + perPage index entries below the
 * mark's key instead of `offset` entries from the top.
 *
 * `older` is exact by definition, whether or not the mark's own row still
 * exists, and is kept so by statement triggers with transition tables,
 * under the counters' lock (the counters' triggers fire first, alphabetical
 * order, and lock the inbox's counter row for the transaction):
 * - every insert adds 1 to the marks above its key, every delete takes 1
 *   from them, a change of created_at does both (one window over the
 *   statement's rows and the marks above its oldest row: a new row on top,
 *   the usual case, touches no mark);
 * - a new row gets a mark when its rank is a multiple of RANK_MARK_EVERY and
 *   it sorts above every row the inbox had (checked by counting the index
 *   entries from the statement's oldest new row: the statement's own rows
 *   only); rows a read-all made late (restamped) get none;
 * - marks left with nothing older are dropped (after a prune).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notification_rank_marks', (table) => {
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.uuid('id').notNullable()
      table.integer('older').notNullable()
      table.primary(['user_id', 'company_id', 'created_at', 'id'])
      table.index(['user_id', 'company_id', 'older'], 'notification_rank_marks_older_idx')
    })

    this.schema.raw(rankMarksApplySql('CREATE', JOINED_CHANGES))
    for (const [event, referencing] of [
      ['INSERT', 'NEW TABLE AS new_rows'],
      ['DELETE', 'OLD TABLE AS old_rows'],
      ['UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
    ]) {
      this.schema.raw(`CREATE TRIGGER notification_rank_marks_${event.toLowerCase()}
        AFTER ${event} ON notifications REFERENCING ${referencing}
        FOR EACH STATEMENT EXECUTE FUNCTION notification_rank_marks_apply()`)
    }

    /* The marks of the rows already there */
    this.schema.raw(`
      INSERT INTO notification_rank_marks (user_id, company_id, created_at, id, older)
      SELECT user_id, company_id, created_at, id, older
        FROM (SELECT user_id, company_id, created_at, id,
                     row_number() OVER (PARTITION BY user_id, company_id
                                        ORDER BY created_at, id) - 1 AS older
                FROM notifications) r
       WHERE older > 0 AND older % ${RANK_MARK_EVERY} = 0
    `)
    this.schema.raw('ANALYZE notification_rank_marks')
  }

  async down() {
    for (const event of ['insert', 'delete', 'update']) {
      this.schema.raw(`DROP TRIGGER IF EXISTS notification_rank_marks_${event} ON notifications`)
    }
    this.schema.raw('DROP FUNCTION IF EXISTS notification_rank_marks_apply()')
    this.schema.dropTable('notification_rank_marks')
  }
}
