import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * The outbox's (channel, status) index also orders each state's rows by
 * age, so `/metrics` and `queue:status` read the oldest pending delivery of
 * a kind at the front of its range instead of reading every pending row's
 * heap: 386 ms with 180,895 pending e-mails (337 MB, every page read per
 * scrape); the counts stay an index-only read of the same index.
 * The SQL below is the exact text this migration ran (frozen history: no shared builders).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      'CREATE INDEX deliveries_channel_status_age ON deliveries (channel, status, created_at)'
    )
    this.schema.raw('DROP INDEX deliveries_channel_status_idx')
  }

  async down() {
    this.schema.raw('CREATE INDEX deliveries_channel_status_idx ON deliveries (channel, status)')
    this.schema.raw('DROP INDEX deliveries_channel_status_age')
  }
}
