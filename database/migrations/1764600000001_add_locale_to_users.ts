import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A user's language for what is sent outside a request (e-mails,
 * notifications): null means the service's default, pt-BR.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.string('locale', 8).nullable()
    })
    this.schema.raw(`
      ALTER TABLE users ADD CONSTRAINT users_locale_check CHECK (locale IN ('pt-BR', 'en'))
    `)
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('locale')
    })
  }
}
