import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Provider onboarding (spec A, H16, H17): one onboarding per (contract,
 * provider) with its own documents to upload, form fields and files to
 * download. `source_*` columns tie rows to the contract authoring data
 * they were upserted from (UpsertOnboardingContent).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('onboardings', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('contract_id').notNullable().references('contracts.id').onDelete('CASCADE')
      table.uuid('borrower_company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('provider_company_id').nullable().references('companies.id').onDelete('CASCADE')
      table.uuid('provider_user_id').nullable().references('users.id').onDelete('CASCADE')
      table
        .string('status', 12)
        .notNullable()
        .defaultTo('pending')
        .checkIn(['pending', 'submitted', 'expired'])
      table.timestamp('expires_at', { useTz: true }).notNullable()
      /** iat of the current token: re-signing gives the same token (reminders) */
      table.timestamp('token_issued_at', { useTz: true }).notNullable()
      table.text('message').nullable()
      table.timestamp('submitted_at', { useTz: true }).nullable()
      table.timestamp('last_sent_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['borrower_company_id', 'contract_id'])
      table.index(['status', 'expires_at'])
    })
    this.schema.raw(
      'ALTER TABLE onboardings ADD CONSTRAINT onboardings_one_provider CHECK ((provider_company_id IS NULL) <> (provider_user_id IS NULL))'
    )
    this.schema.raw(
      'CREATE UNIQUE INDEX onboardings_contract_provider ON onboardings (contract_id, (COALESCE(provider_company_id, provider_user_id)))'
    )

    this.schema.createTable('onboarding_documents', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('onboarding_id').notNullable().references('onboardings.id').onDelete('CASCADE')
      table.uuid('source_requirement_id').nullable()
      table.string('name', 255).notNullable()
      table.text('description').nullable()
      table.boolean('is_required').notNullable().defaultTo(true)
      table.specificType('accepted_formats', 'text[]').notNullable()
      /** bytes */
      table.integer('max_file_size').notNullable()
      table
        .string('status', 10)
        .notNullable()
        .defaultTo('waiting')
        .checkIn(['waiting', 'uploaded', 'validated', 'rejected'])
      table.text('rejection_reason').nullable()
      table.string('file_path', 500).nullable()
      table.string('file_name', 255).nullable()
      table.integer('file_size').nullable()
      table.timestamp('uploaded_at', { useTz: true }).nullable()
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['onboarding_id', 'source_requirement_id'])
      table.index(['onboarding_id', 'position'])
    })

    this.schema.createTable('onboarding_form_fields', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('onboarding_id').notNullable().references('onboardings.id').onDelete('CASCADE')
      table.string('source_key', 255).nullable()
      table.string('label', 255).notNullable()
      table.string('type', 20).notNullable()
      table.boolean('required').notNullable().defaultTo(false)
      table.jsonb('options').nullable()
      table.string('placeholder', 255).nullable()
      table.text('value').nullable()
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['onboarding_id', 'source_key'])
      table.index(['onboarding_id', 'position'])
    })

    this.schema.createTable('onboarding_download_documents', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('onboarding_id').notNullable().references('onboardings.id').onDelete('CASCADE')
      table.uuid('source_document_id').nullable()
      table.string('name', 255).notNullable()
      table.text('description').nullable()
      table.string('file_path', 500).notNullable()
      table.string('file_name', 255).notNullable()
      table.integer('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.unique(['onboarding_id', 'source_document_id'])
      table.index(['onboarding_id', 'position'])
    })
  }

  async down() {
    this.schema.dropTable('onboarding_download_documents')
    this.schema.dropTable('onboarding_form_fields')
    this.schema.dropTable('onboarding_documents')
    this.schema.dropTable('onboardings')
  }
}
