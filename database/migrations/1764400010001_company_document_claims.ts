import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A CNPJ typed at registration or in an invitation is a claim, not a
 * proof. `document_status` says which: `claimed` (nobody proved it yet),
 * `verified` (proved: an invitation for that CNPJ accepted through the
 * representative's mailbox, or an operator's decision) or `revoked` (lost
 * to a verified holder). Only one verified company may hold a CNPJ; claims
 * may share one, so no squatter can lock the real company out.
 * `company_document_events` is the append-only audit of every decision.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('companies', (table) => {
      table.string('document_status', 16).notNullable().defaultTo('claimed')
      table.timestamp('document_verified_at', { useTz: true }).nullable()
      table.dropUnique(['document'])
      table.index(['document'], 'companies_document_index')
    })
    this.schema.raw(`
      ALTER TABLE companies ADD CONSTRAINT companies_document_status_check
        CHECK (document_status IN ('claimed', 'verified', 'revoked'))
    `)
    this.schema.raw(`
      CREATE UNIQUE INDEX companies_verified_document_unique
        ON companies (document) WHERE document_status = 'verified'
    `)

    this.schema.createTable('company_document_events', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.string('document', 14).notNullable()
      /** No foreign key: the audit outlives a deleted company */
      table.uuid('company_id').notNullable()
      /** verified | revoked | disputed */
      table.string('event', 16).notNullable()
      /** invitation | operator */
      table.string('proof', 16).notNullable()
      table.uuid('invitation_id').nullable()
      /** Who showed the competing right (a dispute), or who gained the CNPJ (a revocation) */
      table.uuid('claimant_company_id').nullable()
      table.uuid('claimant_user_id').nullable()
      table.text('note').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['document', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('company_document_events')
    this.schema.raw('DROP INDEX companies_verified_document_unique')
    this.schema.alterTable('companies', (table) => {
      table.dropIndex(['document'], 'companies_document_index')
      table.dropChecks(['companies_document_status_check'])
      table.dropColumn('document_verified_at')
      table.dropColumn('document_status')
      table.unique(['document'])
    })
  }
}
