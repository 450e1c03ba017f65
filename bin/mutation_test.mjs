/**
 * One mutant's test run for `npm run mutate` (commands/mutate.ts): a
 * database of its own, then the Japa entry point with the given arguments
 * and `--bail`: a mutant is killed by its first failing test, so the run
 * stops there. The database is named after the Stryker worker and this
 * process: a run still going after its timeout (Stryker replaces the
 * worker, the run goes on migrating and resetting) never touches the next
 * run's database, where it failed mutants for nothing (false kills). The
 * worker's earlier databases are dropped first, which ends such a run.
 */
import { spawn } from 'node:child_process'
import pg from 'pg'

const worker = `mutate_${process.env.STRYKER_MUTATOR_WORKER ?? '0'}`
const database = `${worker}_${process.pid}`
const admin = new pg.Client({
  host: process.env.DB_HOST,
  port: Number(process.env.DB_PORT),
  user: process.env.DB_USER,
  password: process.env.DB_PASSWORD,
  database: 'postgres',
})
await admin.connect()
const earlier = await admin.query('SELECT datname FROM pg_database WHERE datname LIKE $1', [
  `${worker}\\_%`,
])
for (const { datname } of earlier.rows) {
  await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`)
}
await admin.query(`CREATE DATABASE ${database}`)
await admin.end()

const child = spawn(
  process.execPath,
  ['--import=@poppinss/ts-exec', 'bin/test.ts', '--bail', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', DB_DATABASE: database } }
)
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)))
