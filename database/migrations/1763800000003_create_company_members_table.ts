import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'company_members'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table
        .enum('role', ['owner', 'admin', 'borrower', 'user', 'provider'], {
          useNative: true,
          enumName: 'member_role',
          existingType: false,
        })
        .notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['company_id', 'user_id'])
      table.index(['user_id'])
      table.index(['company_id', 'role'])
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
    this.schema.raw('DROP TYPE IF EXISTS member_role')
  }
}
