import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  protected tableName = 'companies'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.string('name', 255).notNullable()
      table.string('trade_name', 255).nullable()
      table.string('document', 14).notNullable().unique()
      table.string('email', 254).nullable()
      table.string('phone', 32).nullable()
      table.string('logo', 500).nullable()
      table.string('timezone', 64).notNullable().defaultTo('America/Sao_Paulo')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
