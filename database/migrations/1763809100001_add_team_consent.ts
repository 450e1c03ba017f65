import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Consent (issue #21): `users.email_verified_at` records that the person
 * proved control of the mailbox (an accepted invitation link); an
 * invitation to an existing account stores what its acceptance creates
 * instead of creating it up front.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.timestamp('email_verified_at', { useTz: true }).nullable()
    })
    /** The only mailbox proof that existed before: an accepted invitation */
    this.schema.raw(`
      UPDATE users SET email_verified_at = accepted.at
      FROM (SELECT user_id, min(accepted_at) AS at FROM user_invitations
            WHERE accepted_at IS NOT NULL GROUP BY user_id) accepted
      WHERE users.id = accepted.user_id
    `)

    this.schema.alterTable('user_invitations', (table) => {
      /** The provider company the invitee represents (existing, or created on acceptance) */
      table.uuid('provider_company_id').nullable().references('companies.id').onDelete('CASCADE')
      /** `{name, tradeName, document}` of the company acceptance creates, owned by the invitee */
      table.jsonb('new_company').nullable()
    })
  }

  async down() {
    this.schema.alterTable('user_invitations', (table) => {
      table.dropColumn('new_company')
      table.dropColumn('provider_company_id')
    })
    this.schema.alterTable('users', (table) => {
      table.dropColumn('email_verified_at')
    })
  }
}
