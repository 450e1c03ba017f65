import db from '@adonisjs/lucid/services/db'

/** The test context's `cleanup`: runs after the test, pass or fail */
export type Cleanup = (fn: () => Promise<void>) => void

/**
 * The writes a trigger of the test meets: the inserts into `table` (or
 * its updates), all of them or only the rows where `column` is `value`
 */
export interface Writes {
  table: string
  on?: 'INSERT' | 'UPDATE'
  where?: { column: string; value: string }
}

/**
 * A trigger of the test on `writes`, dropped after the test, running
 * `body` (PL/pgSQL) for each row it meets, before the row is written.
 * Only for groups that run outside the rolled-back global transaction:
 * the write it meets belongs to a committing transaction of the code
 * under test.
 */
async function injectTrigger(cleanup: Cleanup, kind: string, writes: Writes, body: string) {
  const on = writes.on ?? 'INSERT'
  const name = `test_${kind}_${on.toLowerCase()}_${writes.table}`
  const condition = writes.where
    ? db.rawQuery(`NEW.?? = ?`, [writes.where.column, writes.where.value]).toQuery()
    : 'TRUE'
  await db.rawQuery(`
    CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF ${condition} THEN ${body} END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ${name} BEFORE ${on} ON ${writes.table}
      FOR EACH ROW EXECUTE FUNCTION ${name}();
  `)
  cleanup(async () => {
    await db.rawQuery(`
      DROP TRIGGER IF EXISTS ${name} ON ${writes.table};
      DROP FUNCTION IF EXISTS ${name}();
    `)
  })
}

/** The write cannot be made: it fails with `injected: <reason>`, and its transaction with it */
export async function refuseWrites(cleanup: Cleanup, writes: Writes, reason: string) {
  const message = db.rawQuery('?', [`injected: ${reason}`]).toQuery()
  await injectTrigger(cleanup, 'refuse', writes, `RAISE EXCEPTION ${message};`)
}

/**
 * The write waits `seconds` before it is made, its transaction holding
 * every lock it took so far (and the row's own, for an update): what a
 * second request does meanwhile meets those locks. `untilHeld()` returns
 * once a write is waiting.
 */
export async function holdWrites(cleanup: Cleanup, writes: Writes, seconds: number) {
  await injectTrigger(cleanup, 'hold', writes, `PERFORM pg_sleep(${seconds});`)
}

/** Resolves once a write held by `holdWrites` is waiting (polled; rejects after `timeoutMs`) */
export async function untilHeld(timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const { rows } = await db.rawQuery(
      `SELECT count(*)::int AS held FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event = 'PgSleep'`
    )
    if (rows[0].held > 0) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error('no write was held')
}
