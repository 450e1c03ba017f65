import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * An invitation names the membership its acceptance grants: `provider`
 * for E4 (the team), a borrower-side role for POST /company/members.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('user_invitations', (table) => {
      table.string('role', 20).notNullable().defaultTo('provider')
    })
  }

  async down() {
    this.schema.alterTable('user_invitations', (table) => {
      table.dropColumn('role')
    })
  }
}
