import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Live notifications (#16): every insert into notifications, from any
 * process (API, worker, Ace commands), NOTIFYs `notifications_created`
 * with the new rows' ids, user and company. PostgreSQL delivers a NOTIFY
 * only when its transaction commits (a rolled-back insert pushes
 * nothing) and to every listening connection, so each API instance hears
 * every notification. Statement level with a transition table, as the
 * counters' triggers: a broadcast's 1000-row insert sends 20 messages of
 * 50 rows, each under the 8000-byte payload limit (about 120 bytes a row),
 * instead of 1000 messages.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE FUNCTION notifications_notify_created() RETURNS trigger AS $$
      DECLARE
        batch text;
      BEGIN
        FOR batch IN
          SELECT json_agg(json_build_object('id', id, 'userId', user_id, 'companyId', company_id))::text
            FROM (SELECT id, user_id, company_id, (row_number() OVER () - 1) / 50 AS chunk
                    FROM new_rows) AS numbered
           GROUP BY chunk
        LOOP
          PERFORM pg_notify('notifications_created', batch);
        END LOOP;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`CREATE TRIGGER notifications_notify_created AFTER INSERT ON notifications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
      EXECUTE FUNCTION notifications_notify_created()`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS notifications_notify_created ON notifications')
    this.schema.raw('DROP FUNCTION IF EXISTS notifications_notify_created()')
  }
}
