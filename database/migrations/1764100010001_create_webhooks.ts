import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Outbound webhooks (#16). Endpoints per company, the events recorded in
 * the transaction of the change, and their deliveries in THE outbox
 * (`deliveries`, channel `webhook`), so the lease, the attempts history,
 * `dead`, queue:status/retry and recovery apply to them as to e-mail.
 * `webhook_seq` orders an endpoint's deliveries (event order); the partial
 * index lets the claim ask "is an older delivery of this endpoint still
 * pending?" with one index probe.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('webhook_endpoints', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table
        .uuid('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.text('url').notNullable()
      table.specificType('events', 'text[]').notNullable()
      table.text('description').nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      /** Encrypted with APP_KEY: the worker needs it in clear to sign, so it is not hashed */
      table.text('secret').notNullable()
      /** Dead deliveries in a row (a delivered one resets it); 20 switch the endpoint off */
      table.integer('consecutive_dead').notNullable().defaultTo(0)
      table.timestamp('disabled_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw(
      `CREATE INDEX webhook_endpoints_company_idx ON webhook_endpoints (company_id, created_at)`
    )

    this.schema.createTable('webhook_events', (table) => {
      /** The event id receivers see (payload `id`) */
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table
        .uuid('company_id')
        .notNullable()
        .references('id')
        .inTable('companies')
        .onDelete('CASCADE')
      table.string('type', 80).notNullable()
      table.jsonb('payload').notNullable()
      table.timestamp('occurred_at', { useTz: true }).notNullable()
    })
    this.schema.raw(`CREATE INDEX webhook_events_company_idx ON webhook_events (company_id)`)

    this.schema.raw(`CREATE SEQUENCE deliveries_webhook_seq`)
    this.schema.alterTable('deliveries', (table) => {
      table
        .uuid('webhook_endpoint_id')
        .nullable()
        .references('id')
        .inTable('webhook_endpoints')
        .onDelete('CASCADE')
      table
        .uuid('webhook_event_id')
        .nullable()
        .references('id')
        .inTable('webhook_events')
        .onDelete('CASCADE')
      table.bigInteger('webhook_seq').nullable()
      /** HTTP status of the last attempt (webhooks) */
      table.integer('response_status').nullable()
    })
    /** The claim's ordering probe: older pending deliveries of one endpoint */
    this.schema.raw(
      `CREATE INDEX deliveries_webhook_pending_idx ON deliveries (webhook_endpoint_id, webhook_seq)
        WHERE status = 'pending' AND webhook_endpoint_id IS NOT NULL`
    )
    /** GET /webhooks/:id/deliveries (newest first) */
    this.schema.raw(
      `CREATE INDEX deliveries_webhook_endpoint_idx ON deliveries (webhook_endpoint_id, webhook_seq DESC)
        WHERE webhook_endpoint_id IS NOT NULL`
    )
    this.schema.raw(
      `CREATE INDEX deliveries_webhook_event_idx ON deliveries (webhook_event_id)
        WHERE webhook_event_id IS NOT NULL`
    )
  }

  async down() {
    this.schema.raw(`DELETE FROM deliveries WHERE channel = 'webhook'`)
    this.schema.alterTable('deliveries', (table) => {
      table.dropColumn('webhook_endpoint_id')
      table.dropColumn('webhook_event_id')
      table.dropColumn('webhook_seq')
      table.dropColumn('response_status')
    })
    this.schema.raw(`DROP SEQUENCE deliveries_webhook_seq`)
    this.schema.dropTable('webhook_events')
    this.schema.dropTable('webhook_endpoints')
  }
}
