/**
 * One mutant's test run for `npm run mutate` (commands/mutate.ts): a
 * database of its own, then the Japa entry point with the given arguments
 * and `--bail`: a mutant is killed by its first failing test, so the run
 * stops there. The database is named after this process: Stryker runs
 * two mutants at once when its type checker is done (even at
 * `--concurrency 1`), and a run may go on after its timeout; on one
 * shared database they failed each other's mutants (false kills). The
 * databases of earlier runs whose process has ended are dropped.
 */
import { spawn } from 'node:child_process'
import pg from 'pg'

const database = `mutate_${process.pid}`

function alive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const admin = new pg.Client({
  host: process.env.DB_HOST,
  port: Number(process.env.DB_PORT),
  user: process.env.DB_USER,
  password: process.env.DB_PASSWORD,
  database: 'postgres',
})
await admin.connect()
const earlier = await admin.query(`SELECT datname FROM pg_database WHERE datname ~ '^mutate_[0-9]+$'`)
for (const { datname } of earlier.rows) {
  if (!alive(Number(datname.slice('mutate_'.length)))) {
    await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
  }
}
await admin.query(`CREATE DATABASE ${database}`)
await admin.end()

const child = spawn(
  process.execPath,
  ['--import=@poppinss/ts-exec', 'bin/test.ts', '--bail', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', DB_DATABASE: database } }
)
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)))
