import { BaseSchema } from '@adonisjs/lucid/schema'

/** The inbox tables whose rows the notifications' own triggers keep */
const DERIVED = ['notification_counters', 'notification_rank_marks']

const EVENTS = [
  ['insert', 'INSERT', 'NEW TABLE AS new_rows'],
  ['update', 'UPDATE', 'OLD TABLE AS old_rows NEW TABLE AS new_rows'],
  ['delete', 'DELETE', 'OLD TABLE AS old_rows'],
] as const

/**
 * Counters and rank marks change inside the triggers of a notifications
 * statement, whose own read-version trigger queues the same inbox scope:
 * queuing it again from theirs (two more nested statements each, per
 * notification write) raises nothing more. They still raise when changed
 * by a statement of their own (read-all, SQL by hand): pg_trigger_depth()
 * is 0 there.
 */
export default class extends BaseSchema {
  async up() {
    this.#recreate('WHEN (pg_trigger_depth() = 0)')
  }

  async down() {
    this.#recreate('')
  }

  #recreate(when: string) {
    for (const table of DERIVED) {
      for (const [name, event, transition] of EVENTS) {
        this.schema.raw(`DROP TRIGGER read_versions_${name} ON ${table}`)
        this.schema.raw(`CREATE TRIGGER read_versions_${name} AFTER ${event} ON ${table}
          REFERENCING ${transition} FOR EACH STATEMENT ${when}
          EXECUTE FUNCTION read_versions_${table}()`)
      }
    }
  }
}
