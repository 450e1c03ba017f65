import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Profile: OAuth identities linked to a user (one user per provider
 * subject) and personal data export requests.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('user_identities', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.string('provider', 20).notNullable().checkIn(['google', 'apple', 'microsoft'])
      table.string('subject', 255).notNullable()
      table.string('email', 254).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['provider', 'subject'])
      table.index(['user_id'])
    })

    this.schema.createTable('data_exports', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table
        .string('status', 12)
        .notNullable()
        .defaultTo('pending')
        .checkIn(['pending', 'ready', 'failed'])
      table.string('file_path', 500).nullable()
      table.timestamp('completed_at', { useTz: true }).nullable()
      table.timestamp('expires_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['user_id', 'created_at'])
    })
    this.schema.raw(
      `CREATE INDEX data_exports_pending_index ON data_exports (created_at) WHERE status = 'pending'`
    )
  }

  async down() {
    this.schema.dropTable('data_exports')
    this.schema.dropTable('user_identities')
  }
}
