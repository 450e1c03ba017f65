import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One row per login (a device session) and the rotating refresh tokens
 * of that session. Only SHA-256 hashes of refresh tokens are stored.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('auth_sessions', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.string('browser', 100).nullable()
      table.string('os', 100).nullable()
      table.string('ip', 45).nullable()
      table.string('user_agent', 500).nullable()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('last_used_at', { useTz: true }).nullable()
      table.timestamp('revoked_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['user_id', 'created_at'])
    })

    this.schema.createTable('refresh_tokens', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('session_id').notNullable().references('auth_sessions.id').onDelete('CASCADE')
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()

      table.index(['session_id'])
    })
  }

  async down() {
    this.schema.dropTable('refresh_tokens')
    this.schema.dropTable('auth_sessions')
  }
}
