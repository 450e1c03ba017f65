import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The id (jti) of an onboarding's current link token. Renewing the link
 * draws a new one, so every earlier token stops matching (#21): the
 * middleware accepts only the token signed from the row as it is now.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('onboardings', (table) => {
      table.uuid('token_id').notNullable().defaultTo(this.raw('gen_random_uuid()'))
    })
  }

  async down() {
    this.schema.alterTable('onboardings', (table) => {
      table.dropColumn('token_id')
    })
  }
}
