import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Contract core shared by every area: workflows (perspective), contracts,
 * their parts ("links": exactly one of company_id / user_id) and the
 * append-only history. Areas add their own tables in later migrations.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('workflows', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.string('name', 255).notNullable()
      table.string('company_role', 10).notNullable().checkIn(['borrower', 'provider'])
      table.integer('deadline_days').nullable()
      table.jsonb('steps').notNullable().defaultTo('[]')
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['company_id', 'created_at'])
    })

    this.schema.createTable('contracts', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('workflow_id').nullable().references('workflows.id').onDelete('SET NULL')
      table.string('name', 255).notNullable()
      table
        .string('status', 20)
        .notNullable()
        .defaultTo('draft')
        .checkIn([
          'draft',
          'parts',
          'model',
          'documents',
          'in_review',
          'provider',
          'provider_filling',
          'signature',
          'signing',
          'completed',
          'active',
          'finished',
          'overdue',
          'cancelled',
          'archived',
        ])
      table.integer('progress').notNullable().defaultTo(0)
      table.string('ref', 100).nullable()
      table.text('description').nullable()
      table.date('start_date').nullable()
      table.date('end_date').nullable()
      table.jsonb('current_step').nullable()
      table.jsonb('snapshot').notNullable().defaultTo('{}')
      table.string('signed_document_path', 500).nullable()
      table.uuid('created_by').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('deleted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['company_id', 'status', 'updated_at'])
      table.index(['company_id', 'updated_at'])
    })
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    this.schema.raw(
      'CREATE INDEX contracts_name_trgm ON contracts USING gin (lower(name) gin_trgm_ops) WHERE deleted_at IS NULL'
    )

    this.schema.createTable('contract_parts', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.uuid('company_id').nullable().references('companies.id').onDelete('CASCADE')
      table.uuid('user_id').nullable().references('users.id').onDelete('CASCADE')
      table.string('role', 10).notNullable().checkIn(['BORROWER', 'PROVIDER', 'NEUTRAL'])
      table.string('value', 50).nullable()
      table.bigInteger('value_cents').nullable()
      table.string('contract_type', 20).nullable()
      table.integer('monthly_hours').nullable()
      table.boolean('is_active').notNullable().defaultTo(true)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['contract_id'])
      table.index(['company_id', 'role'])
      table.index(['user_id', 'role'])
    })
    this.schema.raw(
      'ALTER TABLE contract_parts ADD CONSTRAINT contract_parts_one_party CHECK ((company_id IS NULL) <> (user_id IS NULL))'
    )

    this.schema.createTable('contract_history', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.string('type', 60).notNullable()
      table.uuid('actor_id').nullable().references('users.id').onDelete('SET NULL')
      table.jsonb('payload').notNullable().defaultTo('{}')
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['contract_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('contract_history')
    this.schema.dropTable('contract_parts')
    this.schema.dropTable('contracts')
    this.schema.dropTable('workflows')
  }
}
