import db from '@adonisjs/lucid/services/db'

/**
 * Tries to lock the rows of `table` where `column = value` from another
 * connection, without waiting: rejects with "could not obtain lock" while
 * a transaction holds them. Only for rows committed outside the tests'
 * global transaction (other connections cannot see uncommitted rows).
 */
export function lockFromAnotherConnection(table: string, value: string, column = 'id') {
  return () =>
    db.transaction((other) =>
      other.rawQuery(`SELECT id FROM ${table} WHERE ${column} = ? FOR UPDATE NOWAIT`, [value])
    )
}
