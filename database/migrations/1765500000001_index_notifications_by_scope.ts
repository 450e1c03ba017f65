import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * An inbox's pages of one scope (I1 `scope`), newest first, down an index
 * of their own. Read down the inbox's index with the scope as a filter, a
 * page cost every newer notification of the other scopes: at 10x, an inbox
 * whose last 2,500 messages were `personal` read them all for a `contract`
 * page (2.4 ms on average, 10.9 for the million-message inbox; now 0.8 and
 * 1.8). Its cost to a notification's insert was within the noise of the
 * custom-message write (200-211 req/s without, 219-271 with).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      `CREATE INDEX notifications_scope_idx
         ON notifications (user_id, company_id, scope, created_at DESC, id DESC)`
    )
  }

  async down() {
    this.schema.raw('DROP INDEX notifications_scope_idx')
  }
}
