import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The NOTIFYs of one insert into notifications (migration
 * notify_notifications_created) go out in the insert's order: its chunks of
 * 50 in turn and the rows of a chunk in turn. The chunks were grouped without
 * an order, so a 120-row broadcast once went out as 50, 20, 50 and its streams
 * received the rows out of order.
 * The SQL below is the exact text this migration ran (frozen history: no shared builders).
 */

const UP = `
      CREATE OR REPLACE FUNCTION notifications_notify_created() RETURNS trigger AS $$
      DECLARE
        batch text;
      BEGIN
        FOR batch IN
          SELECT json_agg(json_build_object('id', id, 'userId', user_id, 'companyId', company_id)
                          ORDER BY n)::text
            FROM (SELECT id, user_id, company_id, row_number() OVER () AS n FROM new_rows) AS numbered
           GROUP BY (n - 1) / 50
           ORDER BY (n - 1) / 50
        LOOP
          PERFORM pg_notify('notifications_created', batch);
        END LOOP;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `

const DOWN = `
      CREATE OR REPLACE FUNCTION notifications_notify_created() RETURNS trigger AS $$
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
    `

export default class extends BaseSchema {
  async up() {
    this.schema.raw(UP)
  }

  async down() {
    this.schema.raw(DOWN)
  }
}
