import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The scheduled reminders already sent (`node ace reminders:send`): one
 * row per kind, item and UTC day, so a second run on the same day sends
 * nothing (the key is claimed with ON CONFLICT DO NOTHING in the run's
 * transaction). `item_id` is the step compliance, the signature member or
 * the onboarding; no foreign key, as it points to three tables.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('reminders_sent', (table) => {
      table.string('kind', 20).notNullable().checkIn(['compliance_step', 'signature', 'onboarding'])
      table.uuid('item_id').notNullable()
      table.date('day').notNullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.primary(['kind', 'item_id', 'day'])
      /** Pruning old rows reads by day */
      table.index(['day'])
    })
  }

  async down() {
    this.schema.dropTable('reminders_sent')
  }
}
