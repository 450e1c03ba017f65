import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The outbox worker claims one delivery at a time with a lease
 * (`locked_until`, committed before sending), so a worker that dies
 * leaves at most its in-flight delivery, retried once the lease expires.
 * Every attempt is kept in `delivery_attempts` (a succeeded delivery keeps
 * its failed ones). `failed` becomes `dead`: given up after the last
 * attempt, kept until requeued (`node ace queue:retry`).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('deliveries', (table) => {
      table.timestamp('locked_until', { useTz: true }).nullable()
      /** `attempts` when `queue:retry` last requeued it: the attempt budget and backoff restart there */
      table.integer('requeued_at_attempt').notNullable().defaultTo(0)
    })
    this.schema.raw(`UPDATE deliveries SET status = 'dead' WHERE status = 'failed'`)
    this.schema.raw(`CREATE INDEX deliveries_channel_status_idx ON deliveries (channel, status)`)

    this.schema.createTable('delivery_attempts', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table
        .uuid('delivery_id')
        .notNullable()
        .references('id')
        .inTable('deliveries')
        .onDelete('CASCADE')
      table.integer('attempt').notNullable()
      table.timestamp('started_at', { useTz: true }).notNullable()
      table.timestamp('finished_at', { useTz: true }).nullable()
      /** in_flight, sent, failed, skipped, interrupted (the worker stopped mid-send) */
      table.string('outcome', 20).notNullable()
      table.text('error').nullable()
      table.unique(['delivery_id', 'attempt'])
    })
    this.schema.raw(
      `CREATE INDEX delivery_attempts_failed_idx ON delivery_attempts (finished_at) WHERE outcome IN ('failed', 'interrupted')`
    )
  }

  async down() {
    this.schema.dropTable('delivery_attempts')
    this.schema.raw(`DROP INDEX deliveries_channel_status_idx`)
    this.schema.raw(`UPDATE deliveries SET status = 'failed' WHERE status = 'dead'`)
    this.schema.alterTable('deliveries', (table) => {
      table.dropColumn('locked_until')
      table.dropColumn('requeued_at_attempt')
    })
  }
}
