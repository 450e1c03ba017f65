import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Team: trigram indexes behind the unified member search (E1), and the
 * invitations that let a legal representative created by E4 set a
 * password (only the SHA-256 of the token is stored).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm')
    const trigram = [
      ['team_companies_name_trgm', 'companies', 'lower(name)'],
      ['team_companies_trade_name_trgm', 'companies', 'lower(trade_name)'],
      ['team_companies_document_trgm', 'companies', 'document'],
      ['team_users_name_trgm', 'users', 'lower(name)'],
      ['team_users_email_trgm', 'users', 'lower(email)'],
      ['team_users_cpf_trgm', 'users', 'cpf'],
    ]
    for (const [name, tableName, expression] of trigram) {
      this.schema.raw(`CREATE INDEX ${name} ON ${tableName} USING gin (${expression} gin_trgm_ops)`)
    }
    /** The owner (legal representative) of a company, found per row of the team list */
    this.schema.raw(
      "CREATE INDEX team_company_members_owner ON company_members (company_id, created_at) WHERE role = 'owner'"
    )

    this.schema.createTable('user_invitations', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('invited_by').nullable().references('users.id').onDelete('SET NULL')
      table.string('token_hash', 64).notNullable().unique()
      table.timestamp('expires_at', { useTz: true }).notNullable()
      table.timestamp('accepted_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('user_invitations')
    for (const name of [
      'team_company_members_owner',
      'team_users_cpf_trgm',
      'team_users_email_trgm',
      'team_users_name_trgm',
      'team_companies_document_trgm',
      'team_companies_trade_name_trgm',
      'team_companies_name_trgm',
    ]) {
      this.schema.raw(`DROP INDEX IF EXISTS ${name}`)
    }
  }
}
