import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Password reset links (POST /auth/password/forgot): only the SHA-256 of
 * the e-mailed token is stored; a row is used once and expires.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('password_resets', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('used_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('password_resets')
  }
}
