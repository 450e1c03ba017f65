import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Minimal ERP/CRM integrations: a connection per company and provider
 * system, the records it synchronised (with the CNPJ/CPF they carry) and
 * one sweep row per (connection, day) that makes the daily sweep idempotent.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('integration_connections', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.string('provider', 50).notNullable()
      table.string('status', 20).notNullable().defaultTo('active').checkIn(['active', 'paused'])
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['company_id', 'provider'])
      table.index(['status'])
    })

    this.schema.createTable('integration_records', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table
        .uuid('connection_id')
        .notNullable()
        .references('integration_connections.id')
        .onDelete('CASCADE')
      table.string('external_id', 100).notNullable()
      table.string('document', 14).notNullable()
      table.timestamp('synced_at', { useTz: true }).notNullable()
      table.unique(['connection_id', 'external_id'])
      table.index(['connection_id', 'document'])
    })

    this.schema.createTable('integration_sweeps', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table
        .uuid('connection_id')
        .notNullable()
        .references('integration_connections.id')
        .onDelete('CASCADE')
      table.date('day').notNullable()
      table.integer('pending_count').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['connection_id', 'day'])
    })
  }

  async down() {
    this.schema.dropTable('integration_sweeps')
    this.schema.dropTable('integration_records')
    this.schema.dropTable('integration_connections')
  }
}
