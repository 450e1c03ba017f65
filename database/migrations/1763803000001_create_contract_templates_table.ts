import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Contract templates: HTML with `{{variable}}` placeholders and the list
 * of variables they declare. Company-scoped, soft-deleted.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('contract_templates', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.string('name', 255).notNullable()
      table.text('description').nullable()
      table.text('html').notNullable()
      table.jsonb('variables').notNullable().defaultTo('[]')
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      'CREATE INDEX contract_templates_company ON contract_templates (company_id, updated_at DESC) WHERE deleted_at IS NULL'
    )
    this.schema.raw(
      'CREATE INDEX workflows_company_live ON workflows (company_id, updated_at DESC) WHERE deleted_at IS NULL'
    )
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS workflows_company_live')
    this.schema.dropTable('contract_templates')
  }
}
