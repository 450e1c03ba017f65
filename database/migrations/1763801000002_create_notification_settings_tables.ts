import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Channel preferences of a user in a company (I6/I7) and the company's
 * allowed channels and type overrides (I8/I9). Only saved flags are
 * stored; a missing flag means on.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notification_preferences', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.jsonb('channels').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['user_id', 'company_id'])
    })

    this.schema.createTable('company_notification_settings', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().unique().references('companies.id').onDelete('CASCADE')
      table.jsonb('allowed_channels').notNullable().defaultTo('{}')
      table.jsonb('types').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('company_notification_settings')
    this.schema.dropTable('notification_preferences')
  }
}
