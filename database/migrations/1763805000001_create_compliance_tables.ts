import { BaseSchema } from '@adonisjs/lucid/schema'

const STEP_TYPES = ['documents', 'platformData']
const FREQUENCIES = ['weekly', 'biweekly', 'monthly', 'quarterly', 'custom']
const COMPLIANCE_STATUSES = ['pending', 'sent', 'approved', 'rejected']
const STEP_STATUSES = ['pending', 'in_progress', 'submitted', 'approved', 'rejected', 'blocked']
const DOCUMENT_STATUSES = ['pending', 'approved', 'rejected']

/**
 * Compliance: borrower-defined flows (steps, document requirements,
 * validators), their attachment to providers (with immediate leadership
 * per step) and the monthly compliances generated from them.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('compliance_flows', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.string('name', 255).notNullable()
      table.text('description').nullable()
      table
        .string('status', 10)
        .notNullable()
        .defaultTo('draft')
        .checkIn(['draft', 'active', 'archived'])
      /** Attached (not detached) providers, maintained by attach/detach */
      table.integer('providers_count').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['company_id', 'updated_at'])
      table.index(['company_id', 'status', 'updated_at'])
    })
    this.schema.raw(
      'CREATE INDEX compliance_flows_name_trgm ON compliance_flows USING gin (lower(name) gin_trgm_ops)'
    )

    this.schema.createTable('compliance_steps', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('flow_id').notNullable().references('compliance_flows.id').onDelete('CASCADE')
      table.integer('position').notNullable()
      table.string('title', 255).notNullable()
      table.string('step_type', 20).notNullable().checkIn(STEP_TYPES)
      table.string('frequency', 10).notNullable().checkIn(FREQUENCIES)
      table.smallint('day_start').notNullable()
      table.smallint('day_end').notNullable()
      table.smallint('month_start').nullable()
      table.smallint('month_end').nullable()
      table.jsonb('platform_data_types').notNullable().defaultTo('[]')
      table.boolean('depends_on_previous').notNullable().defaultTo(false)
      table.boolean('include_immediate_leadership').notNullable().defaultTo(false)
      table.boolean('only_immediate_leadership_required').notNullable().defaultTo(false)
      table.boolean('all_validators_required').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['flow_id', 'position'])
    })
    this.schema.raw(
      'ALTER TABLE compliance_steps ADD CONSTRAINT compliance_steps_days CHECK (day_start BETWEEN 1 AND 31 AND day_end BETWEEN 1 AND 31)'
    )

    this.schema.createTable('compliance_document_requirements', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('step_id').notNullable().references('compliance_steps.id').onDelete('CASCADE')
      table.integer('position').notNullable()
      table.string('name', 255).notNullable()
      table.text('description').nullable()
      table.boolean('required').notNullable().defaultTo(false)
      table.jsonb('formats').notNullable().defaultTo('[]')
      table.index(['step_id', 'position'])
    })

    this.schema.createTable('compliance_step_validators', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('step_id').notNullable().references('compliance_steps.id').onDelete('CASCADE')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.unique(['step_id', 'user_id'])
      table.index(['user_id'])
    })

    /** The attachment of a flow to a provider (ProviderComplianceFlow); detach is soft */
    this.schema.createTable('provider_compliance_flows', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('flow_id').notNullable().references('compliance_flows.id').onDelete('CASCADE')
      table.uuid('provider_id').notNullable()
      table.string('provider_type', 20).notNullable().checkIn(['LEGAL_ENTITY', 'NATURAL_PERSON'])
      table.uuid('contract_id').nullable().references('contracts.id').onDelete('SET NULL')
      table.timestamp('attached_at', { useTz: true }).notNullable()
      table.timestamp('detached_at', { useTz: true }).nullable()
      table.unique(['flow_id', 'provider_id'])
      table.index(['company_id', 'provider_id'])
    })
    this.schema.raw(
      'CREATE INDEX provider_compliance_flows_recent ON provider_compliance_flows (flow_id, attached_at DESC) WHERE detached_at IS NULL'
    )

    this.schema.createTable('provider_compliance_flow_leaderships', (table) => {
      table
        .uuid('provider_compliance_flow_id')
        .notNullable()
        .references('provider_compliance_flows.id')
        .onDelete('CASCADE')
      table.uuid('step_id').notNullable().references('compliance_steps.id').onDelete('CASCADE')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.primary(['provider_compliance_flow_id', 'step_id', 'user_id'])
      table.index(['step_id'])
    })

    this.schema.createTable('provider_compliances', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table
        .uuid('provider_compliance_flow_id')
        .notNullable()
        .references('provider_compliance_flows.id')
        .onDelete('CASCADE')
      table.uuid('flow_id').notNullable().references('compliance_flows.id').onDelete('CASCADE')
      table.uuid('provider_id').notNullable()
      table.smallint('year').notNullable()
      table.smallint('month').notNullable()
      table.string('status', 10).notNullable().defaultTo('pending').checkIn(COMPLIANCE_STATUSES)
      table.timestamp('submitted_at', { useTz: true }).nullable()
      table.timestamp('reviewed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['provider_compliance_flow_id', 'year', 'month'])
      table.index(['company_id', 'provider_id', 'year', 'month'])
      table.index(['flow_id'])
    })

    this.schema.createTable('step_compliances', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table
        .uuid('provider_compliance_id')
        .notNullable()
        .references('provider_compliances.id')
        .onDelete('CASCADE')
      table.uuid('step_id').notNullable().references('compliance_steps.id').onDelete('CASCADE')
      table.string('status', 12).notNullable().checkIn(STEP_STATUSES)
      table.jsonb('granted_data_types').notNullable().defaultTo('[]')
      table.timestamp('submitted_at', { useTz: true }).nullable()
      table.timestamp('reviewed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['provider_compliance_id', 'step_id'])
      table.index(['step_id'])
    })

    this.schema.createTable('step_compliance_documents', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table
        .uuid('step_compliance_id')
        .notNullable()
        .references('step_compliances.id')
        .onDelete('CASCADE')
      table
        .uuid('requirement_id')
        .notNullable()
        .references('compliance_document_requirements.id')
        .onDelete('CASCADE')
      table.string('file_name', 255).notNullable()
      table.string('file_path', 500).notNullable()
      table.integer('file_size').notNullable()
      table.string('status', 10).notNullable().defaultTo('pending').checkIn(DOCUMENT_STATUSES)
      table.text('rejection_reason').nullable()
      table.uuid('uploaded_by').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('sent_at', { useTz: true }).notNullable()
      table.timestamp('reviewed_at', { useTz: true }).nullable()
      table.unique(['step_compliance_id', 'requirement_id'])
      table.index(['requirement_id'])
    })

    /** One decision per validator and document (allValidatorsRequired) */
    this.schema.createTable('step_compliance_approvals', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table
        .uuid('step_compliance_id')
        .notNullable()
        .references('step_compliances.id')
        .onDelete('CASCADE')
      table
        .uuid('document_id')
        .nullable()
        .references('step_compliance_documents.id')
        .onDelete('CASCADE')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.string('decision', 10).notNullable().checkIn(['approved', 'rejected'])
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['step_compliance_id'])
    })
    this.schema.raw(
      'CREATE UNIQUE INDEX step_compliance_approvals_unique ON step_compliance_approvals (step_compliance_id, coalesce(document_id, step_compliance_id), user_id)'
    )
  }

  async down() {
    for (const table of [
      'step_compliance_approvals',
      'step_compliance_documents',
      'step_compliances',
      'provider_compliances',
      'provider_compliance_flow_leaderships',
      'provider_compliance_flows',
      'compliance_step_validators',
      'compliance_document_requirements',
      'compliance_steps',
      'compliance_flows',
    ]) {
      this.schema.dropTable(table)
    }
  }
}
