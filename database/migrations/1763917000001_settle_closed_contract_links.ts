import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Closing a contract now settles its links (#17): the parts of contracts
 * that closed before this change (finished, cancelled, archived) become
 * inactive once, so B4, E1/E2 and F read them as over. Not reversible: the
 * earlier flags were the bug.
 */
export default class extends BaseSchema {
  async up() {
    this.defer(async (db) => {
      await db.rawQuery(
        `UPDATE contract_parts cp SET is_active = false, updated_at = now()
         FROM contracts c
         WHERE c.id = cp.contract_id AND cp.is_active
           AND c.status IN ('finished', 'cancelled', 'archived')`
      )
    })
  }

  async down() {}
}
