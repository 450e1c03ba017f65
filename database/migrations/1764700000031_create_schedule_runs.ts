import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * One row per schedule and due time, inserted by the worker that runs it:
 * with several workers, the first insert of a tick wins and the others
 * skip it (a sweep's advisory lock alone lets a second worker run the same
 * tick once the first one's short run has committed).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('schedule_runs', (table) => {
      table.string('schedule', 64).notNullable()
      table.timestamp('due_at', { useTz: true }).notNullable()
      table.string('worker', 255).notNullable()
      table.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.primary(['schedule', 'due_at'])
    })
  }

  async down() {
    this.schema.dropTable('schedule_runs')
  }
}
