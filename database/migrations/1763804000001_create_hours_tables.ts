import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Hours monitoring: one work entry per (link, day) made of tasks, and the
 * retroactive requests a provider files for past days. `total_minutes`
 * is the sum of the entry's tasks, kept by the actions in the same
 * transaction, so totals never join the tasks.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('work_entries', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('contract_part_id').nullable().references('contract_parts.id').onDelete('SET NULL')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.date('date').notNullable()
      table.text('reason').nullable()
      table.integer('total_minutes').notNullable()
      table.timestamp('captured_at', { useTz: true }).nullable()
      table.double('latitude').nullable()
      table.double('longitude').nullable()
      table.double('location_accuracy').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['company_id', 'date'])
      table.index(['user_id', 'date'])
    })
    this.schema.raw(`ALTER TABLE work_entries
      ADD CONSTRAINT work_entries_minutes CHECK (total_minutes BETWEEN 0 AND 1440),
      ADD CONSTRAINT work_entries_latitude CHECK (latitude BETWEEN -90 AND 90),
      ADD CONSTRAINT work_entries_longitude CHECK (longitude BETWEEN -180 AND 180),
      ADD CONSTRAINT work_entries_accuracy CHECK (location_accuracy >= 0)`)
    /** One entry per link and day; INCLUDE lets the week/month totals run index-only */
    this.schema.raw(
      'CREATE UNIQUE INDEX work_entries_part_date ON work_entries (contract_part_id, date) INCLUDE (total_minutes)'
    )

    this.schema.createTable('work_entry_tasks', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('work_entry_id').notNullable().references('work_entries.id').onDelete('CASCADE')
      table.string('description', 500).notNullable()
      table.integer('duration_minutes').notNullable()
      table.smallint('position').notNullable().defaultTo(0)
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['work_entry_id', 'position'])
    })
    this.schema.raw(
      'ALTER TABLE work_entry_tasks ADD CONSTRAINT work_entry_tasks_duration CHECK (duration_minutes BETWEEN 1 AND 1440)'
    )

    this.schema.createTable('retroactive_requests', (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('contract_part_id').nullable().references('contract_parts.id').onDelete('SET NULL')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.date('date').notNullable()
      table.text('reason').notNullable()
      table.jsonb('tasks').notNullable().defaultTo('[]')
      table.integer('total_minutes').notNullable()
      table.timestamp('captured_at', { useTz: true }).nullable()
      table.double('latitude').nullable()
      table.double('longitude').nullable()
      table.double('location_accuracy').nullable()
      table
        .string('status', 10)
        .notNullable()
        .defaultTo('pending')
        .checkIn(['pending', 'approved', 'declined'])
      table.text('decline_reason').nullable()
      table.uuid('reviewed_by').nullable().references('users.id').onDelete('SET NULL')
      table.timestamp('reviewed_at', { useTz: true }).nullable()
      table.uuid('work_entry_id').nullable().references('work_entries.id').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()

      table.index(['company_id', 'status', 'created_at'])
      table.index(['company_id', 'created_at'])
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('retroactive_requests')
    this.schema.dropTable('work_entry_tasks')
    this.schema.dropTable('work_entries')
  }
}
