import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The structured parts of the contract snapshot that other endpoints
 * query (part groups, document requirements, reviewers, signature groups
 * and members, variable values), uploads, review approvals and comments,
 * plus the publishing / signing columns of contracts.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('contracts', (table) => {
      table.uuid('template_id').nullable().references('contract_templates.id').onDelete('SET NULL')
      table.timestamp('published_at', { useTz: true }).nullable()
      table.timestamp('deadline_at', { useTz: true }).nullable()
      table.timestamp('signature_started_at', { useTz: true }).nullable()
      table.string('document_hash', 64).nullable()
      table.timestamp('completed_at', { useTz: true }).nullable()
    })
    this.schema.raw(
      'CREATE INDEX contracts_board ON contracts (company_id, status, updated_at DESC, id) WHERE deleted_at IS NULL'
    )
    this.schema.raw(
      'CREATE INDEX contracts_live_updated ON contracts (company_id, updated_at DESC, id) WHERE deleted_at IS NULL'
    )
    this.schema.raw(
      'CREATE INDEX contracts_ref ON contracts (company_id, ref) WHERE deleted_at IS NULL AND ref IS NOT NULL'
    )
    this.schema.raw(
      "CREATE INDEX contracts_sweep ON contracts (status) WHERE deleted_at IS NULL AND status IN ('completed', 'active', 'signing')"
    )
    this.schema.raw(
      'CREATE UNIQUE INDEX contract_parts_company_unique ON contract_parts (contract_id, company_id) WHERE company_id IS NOT NULL'
    )
    this.schema.raw(
      'CREATE UNIQUE INDEX contract_parts_user_unique ON contract_parts (contract_id, user_id) WHERE user_id IS NOT NULL'
    )

    this.schema.createTable('contract_part_groups', (table) => {
      table.uuid('id').primary()
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.string('name', 255).notNullable()
      table.specificType('part_ids', 'uuid[]').notNullable().defaultTo('{}')
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['contract_id', 'position'])
    })

    this.schema.createTable('contract_document_requirements', (table) => {
      table.uuid('id').primary()
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.string('name', 255).notNullable()
      table.text('description').nullable()
      table.boolean('is_download').notNullable().defaultTo(false)
      table.boolean('is_required').notNullable().defaultTo(true)
      table.jsonb('accepted_formats').notNullable().defaultTo('[]')
      table.integer('max_file_size').notNullable()
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['contract_id', 'position'])
    })

    this.schema.createTable('contract_reviewers', (table) => {
      table.uuid('id').primary()
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.boolean('is_required').notNullable().defaultTo(true)
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.unique(['contract_id', 'user_id'])
      table.index(['user_id'])
    })

    this.schema.createTable('contract_signature_groups', (table) => {
      table.uuid('id').primary()
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.string('name', 255).notNullable()
      table.integer('position').notNullable().defaultTo(1)
      table.boolean('is_part_group').notNullable().defaultTo(false)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['contract_id', 'position'])
    })

    this.schema.createTable('contract_signature_members', (table) => {
      table.uuid('id').primary()
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table
        .uuid('group_id')
        .notNullable()
        .references('contract_signature_groups.id')
        .onDelete('CASCADE')
      table.uuid('user_id').nullable().references('users.id').onDelete('SET NULL')
      table.string('name', 255).notNullable()
      table.string('email', 255).notNullable()
      table.integer('position').notNullable().defaultTo(1)
      table.string('status', 10).notNullable().defaultTo('pending')
      table.timestamp('signed_at', { useTz: true }).nullable()
      table.text('rejection_reason').nullable()
      table.string('ip_address', 64).nullable()
      table.string('user_agent', 500).nullable()
      table.string('document_hash', 64).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['contract_id', 'group_id'])
      table.index(['user_id'])
    })

    this.schema.createTable('contract_variable_values', (table) => {
      table.uuid('id').primary()
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.string('name', 100).notNullable()
      table.string('type', 30).notNullable().defaultTo('text')
      table.string('source', 30).notNullable().defaultTo('borrower')
      table.boolean('required').notNullable().defaultTo(false)
      table.text('value').notNullable().defaultTo('')
      table.jsonb('additional').nullable()
      table.uuid('part_id').nullable().references('contract_parts.id').onDelete('SET NULL')
      table.uuid('group_id').nullable().references('contract_part_groups.id').onDelete('SET NULL')
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['contract_id', 'position'])
    })

    this.schema.createTable('contract_uploaded_files', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table
        .uuid('document_id')
        .notNullable()
        .references('contract_document_requirements.id')
        .onDelete('CASCADE')
      table.uuid('part_id').notNullable().references('contract_parts.id').onDelete('CASCADE')
      table.string('file_name', 255).notNullable()
      table.string('file_path', 500).notNullable()
      table.bigInteger('file_size').notNullable()
      table.string('mime_type', 100).notNullable()
      table.string('sha256', 64).notNullable()
      table.string('status', 10).notNullable().defaultTo('pending')
      table.text('rejection_reason').nullable()
      table.uuid('uploaded_by').nullable().references('users.id').onDelete('SET NULL')
      table.uuid('reviewed_by').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('reviewed_at', { useTz: true }).nullable()
      table.timestamp('uploaded_at', { useTz: true }).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['document_id', 'part_id'])
      table.index(['contract_id', 'part_id'])
    })

    this.schema.createTable('contract_review_approvals', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.uuid('item_id').notNullable()
      table
        .uuid('reviewer_id')
        .notNullable()
        .references('contract_reviewers.id')
        .onDelete('CASCADE')
      table.string('decision', 20).notNullable()
      table.text('comment').nullable()
      table.timestamp('reviewed_at', { useTz: true }).notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['item_id', 'reviewer_id'])
      table.index(['contract_id'])
    })

    this.schema.createTable('contract_review_comments', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.uuid('item_id').notNullable()
      table.uuid('author_id').notNullable().references('users.id').onDelete('CASCADE')
      table.text('content').notNullable()
      table.text('selected_text').nullable()
      table.integer('start_offset').nullable()
      table.integer('end_offset').nullable()
      table.integer('page_number').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['contract_id', 'item_id', 'created_at'])
    })
  }

  async down() {
    for (const name of [
      'contract_review_comments',
      'contract_review_approvals',
      'contract_uploaded_files',
      'contract_variable_values',
      'contract_signature_members',
      'contract_signature_groups',
      'contract_reviewers',
      'contract_document_requirements',
      'contract_part_groups',
    ]) {
      this.schema.dropTable(name)
    }
    for (const index of [
      'contracts_board',
      'contracts_live_updated',
      'contracts_ref',
      'contracts_sweep',
      'contract_parts_company_unique',
      'contract_parts_user_unique',
    ]) {
      this.schema.raw(`DROP INDEX IF EXISTS ${index}`)
    }
    this.schema.alterTable('contracts', (table) => {
      table.dropColumns(
        'template_id',
        'published_at',
        'deadline_at',
        'signature_started_at',
        'document_hash',
        'completed_at'
      )
    })
  }
}
