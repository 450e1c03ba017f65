import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Outbox of e-mail and messenger deliveries: written in the transaction of
 * the change that causes them, sent by `node ace queue:work`. The partial
 * index serves the worker's claim query (due pending rows).
 */
export default class extends BaseSchema {
  protected tableName = 'deliveries'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.string('channel', 20).notNullable()
      table.jsonb('payload').notNullable()
      table.string('status', 20).notNullable().defaultTo('pending')
      table.integer('attempts').notNullable().defaultTo(0)
      table.timestamp('next_attempt_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.text('last_error').nullable()
      table.timestamp('sent_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw(
      `CREATE INDEX deliveries_due_idx ON deliveries (next_attempt_at) WHERE status = 'pending'`
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
