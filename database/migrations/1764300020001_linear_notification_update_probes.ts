import { BaseSchema } from '@adonisjs/lucid/schema'
import {
  JOINED_CHANGES,
  rankMarksApplySql,
  type RankMarkChanges,
} from '#database/migrations/1764200010001_create_notification_rank_marks'
import {
  JOINED_CHANGED,
  countersApplySql,
} from '#database/migrations/1764100050001_add_notification_read_marks'

/** The rows of `from` whose (columns) are not among those of `minus`, as a set difference */
const missingFrom = (from: string, minus: string, columns: string) =>
  `SELECT ${columns} FROM ${from} EXCEPT ALL SELECT ${columns} FROM ${minus}`

const KEY = 'user_id, company_id, created_at, id'

/** A row's new key is not among the old keys exactly when its created_at changed */
const SET_DIFFERENCE_CHANGES: RankMarkChanges = {
  changed: missingFrom('new_rows', 'old_rows', 'id, created_at'),
  events: `SELECT ${KEY}, 1 AS sign FROM (${missingFrom('new_rows', 'old_rows', KEY)}) added
           UNION ALL
           SELECT ${KEY}, -1 FROM (${missingFrom('old_rows', 'new_rows', KEY)}) removed`,
}

/**
 * The notifications UPDATE triggers asked "did any row's created_at (or
 * is_read) change?" with EXISTS over new_rows joined to old_rows. EXISTS is
 * planned to stop at the first row, so PostgreSQL joined the two transition
 * tables (no index) by a nested loop: when no row matched, it compared every
 * new row with every old one. 900k late rows restamped by one insert (the
 * bench's 10x top-up after a read-all) never finished, and a bulk update
 * that changes neither column would have done the same. The same questions
 * as set differences (EXCEPT ALL, hashed) read each table once; the
 * answers are the same (ids are unique; a row whose key did not change
 * cancels out).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(rankMarksApplySql('CREATE OR REPLACE', SET_DIFFERENCE_CHANGES))
    this.schema.raw(
      countersApplySql(missingFrom('new_rows', 'old_rows', 'id, is_read, created_at'))
    )
  }

  async down() {
    this.schema.raw(rankMarksApplySql('CREATE OR REPLACE', JOINED_CHANGES))
    this.schema.raw(countersApplySql(JOINED_CHANGED))
  }
}
