import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'users'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.string('name', 255).notNullable()
      table.string('email', 254).notNullable()
      table.string('phone', 32).nullable()
      table.string('cpf', 11).nullable()
      table.string('avatar', 500).nullable()
      table.string('password', 255).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw('CREATE UNIQUE INDEX users_email_unique ON users (lower(email))')
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
