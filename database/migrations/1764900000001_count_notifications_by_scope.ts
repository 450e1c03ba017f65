import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * `notification_counters.scope_totals`: the inbox's notifications per
 * scope ({"contract": 12, ...}), so that I1 filtered by a scope reads its
 * total in the counters' row instead of counting the inbox's rows of that
 * scope (each read from the table: 554-658 ms for a scope of 200,000 rows in
 * an inbox of 1,014,046 at 10x).
 * Kept by its own statement-level triggers on notifications, after the
 * counters' (triggers of one event fire by name: `notification_counters_*`
 * first, which creates the row and locks it): inserts, deletes, and an
 * update that changes a scope (the app never does). Its nested update does
 * not raise read versions (pg_trigger_depth(), migration
 * inbox_derived_rows_raise_at_top_level): the notifications statement's own
 * trigger raises the inbox.
 */
/**
 * Adds `sign` x the rows of each scope in `rows` (a transition table) to
 * their inboxes' totals. PL/pgSQL plans a statement when it first runs it,
 * so each branch names only its event's transition table.
 */
const applySql = (rows: 'new_rows' | 'old_rows', sign: 1 | -1) => `
    UPDATE notification_counters c
       SET scope_totals = (
             SELECT coalesce(jsonb_object_agg(key, coalesce((c.scope_totals ->> key)::int, 0)
                                                  + coalesce((i.delta ->> key)::int, 0)), '{}')
               FROM jsonb_object_keys(c.scope_totals || i.delta) AS key)
      FROM (SELECT user_id, company_id, jsonb_object_agg(scope, ${sign} * n) AS delta
              FROM (SELECT user_id, company_id, scope, count(*)::int AS n
                      FROM ${rows} GROUP BY user_id, company_id, scope) changed
             GROUP BY user_id, company_id) i
     WHERE c.user_id = i.user_id AND c.company_id = i.company_id;`

const SCOPE_TOTALS = `
  CREATE FUNCTION notification_scope_totals_apply() RETURNS trigger AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN ${applySql('new_rows', 1)}
    ELSIF TG_OP = 'DELETE' THEN ${applySql('old_rows', -1)}
    /* An update moves a row's count only when its scope changes (never by the app) */
    ELSIF EXISTS (SELECT id, scope FROM new_rows EXCEPT ALL SELECT id, scope FROM old_rows) THEN
      ${applySql('old_rows', -1)}
      ${applySql('new_rows', 1)}
    END IF;
    RETURN NULL;
  END
  $$ LANGUAGE plpgsql`

export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      `ALTER TABLE notification_counters ADD COLUMN scope_totals jsonb NOT NULL DEFAULT '{}'`
    )
    this.schema.raw(SCOPE_TOTALS)
    this.schema.raw(`CREATE TRIGGER notification_scope_totals_insert AFTER INSERT ON notifications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION notification_scope_totals_apply()`)
    this.schema.raw(`CREATE TRIGGER notification_scope_totals_delete AFTER DELETE ON notifications
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
      EXECUTE FUNCTION notification_scope_totals_apply()`)
    this.schema.raw(`CREATE TRIGGER notification_scope_totals_update AFTER UPDATE ON notifications
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION notification_scope_totals_apply()`)
    this.schema.raw(`UPDATE notification_counters c SET scope_totals = s.totals
      FROM (SELECT user_id, company_id, jsonb_object_agg(scope, n) AS totals
              FROM (SELECT user_id, company_id, scope, count(*)::int AS n
                      FROM notifications GROUP BY user_id, company_id, scope) counted
             GROUP BY user_id, company_id) s
     WHERE c.user_id = s.user_id AND c.company_id = s.company_id`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS notification_scope_totals_insert ON notifications')
    this.schema.raw('DROP TRIGGER IF EXISTS notification_scope_totals_delete ON notifications')
    this.schema.raw('DROP TRIGGER IF EXISTS notification_scope_totals_update ON notifications')
    this.schema.raw('DROP FUNCTION IF EXISTS notification_scope_totals_apply()')
    this.schema.raw('ALTER TABLE notification_counters DROP COLUMN scope_totals')
  }
}
