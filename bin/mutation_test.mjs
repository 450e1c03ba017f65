/**
 * One mutant's test run for `npm run mutate` (commands/mutate.ts): the
 * Stryker worker's database is dropped and created anew, so a run killed
 * at its timeout never leaves a migration lock or rows to the next one,
 * then the Japa entry point runs with the given arguments and `--bail`: a
 * mutant is killed by its first failing test, so the run stops there.
 */
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import pg from 'pg'

const database = `mutate_${process.env.STRYKER_MUTATOR_WORKER ?? '0'}`

/**
 * On a timeout Stryker replaces its worker without ending the test run the
 * worker started: that run would go on migrating and querying the database
 * made for the next mutant, and fail it (a false kill). The worker's last
 * run, if it is still a test run, is ended first.
 */
const lastRun = `.${database}.pid`
function endLastRun() {
  try {
    const pid = Number(readFileSync(lastRun, 'utf8'))
    if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('bin/test.ts')) {
      process.kill(pid, 'SIGKILL')
    }
  } catch {
    /* no earlier run, or it has ended */
  }
}
endLastRun()
const admin = new pg.Client({
  host: process.env.DB_HOST,
  port: Number(process.env.DB_PORT),
  user: process.env.DB_USER,
  password: process.env.DB_PASSWORD,
  database: 'postgres',
})
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${database}`)
await admin.end()

const child = spawn(
  process.execPath,
  ['--import=@poppinss/ts-exec', 'bin/test.ts', '--bail', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', DB_DATABASE: database } }
)
writeFileSync(lastRun, String(child.pid))
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)))
