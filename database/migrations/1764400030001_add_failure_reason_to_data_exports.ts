import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * A failed data export says why, in words the user can read
 * (GET /users/me/data-exports/:id `failureReason`); the error itself goes
 * to the log with the export id.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('data_exports', (table) => {
      table.string('failure_reason', 500).nullable()
    })
  }

  async down() {
    this.schema.alterTable('data_exports', (table) => {
      table.dropColumn('failure_reason')
    })
  }
}
