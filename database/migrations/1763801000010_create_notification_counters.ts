import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Inbox totals per (user, company), kept by statement-level triggers on
 * notifications (batch inserts, read, read-all, prune), so that I1's
 * `total` and I2's count are one primary-key read however large the inbox.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notification_counters', (table) => {
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.integer('total').notNullable().defaultTo(0)
      table.integer('unread').notNullable().defaultTo(0)
      table.primary(['user_id', 'company_id'])
    })

    this.schema.raw(`
      CREATE FUNCTION notification_counters_apply() RETURNS trigger AS $$
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
    this.schema.raw(`CREATE TRIGGER notification_counters_insert AFTER INSERT ON notifications
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_apply()`)
    this.schema.raw(`CREATE TRIGGER notification_counters_delete AFTER DELETE ON notifications
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_apply()`)
    this.schema.raw(`CREATE TRIGGER notification_counters_update AFTER UPDATE ON notifications
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION notification_counters_apply()`)

    this.schema.raw(`INSERT INTO notification_counters (user_id, company_id, total, unread)
      SELECT user_id, company_id, count(*), count(*) FILTER (WHERE NOT is_read)
        FROM notifications GROUP BY user_id, company_id`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS notification_counters_insert ON notifications')
    this.schema.raw('DROP TRIGGER IF EXISTS notification_counters_delete ON notifications')
    this.schema.raw('DROP TRIGGER IF EXISTS notification_counters_update ON notifications')
    this.schema.raw('DROP FUNCTION IF EXISTS notification_counters_apply()')
    this.schema.dropTable('notification_counters')
  }
}
