import { BaseSchema } from '@adonisjs/lucid/schema'

/** GET /compliances: the company's compliances, newest period first, read a page at a time */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(
      'CREATE INDEX provider_compliances_company_period ON provider_compliances (company_id, year DESC, month DESC, id)'
    )
  }

  async down() {
    this.schema.raw('DROP INDEX provider_compliances_company_period')
  }
}
