/**
 * A throw-away PostgreSQL for scripts/smoke-production.sh, from the same
 * embedded binaries `npm run dev` and the tests use (database/embedded).
 * Usage: node --import @poppinss/ts-exec scripts/smoke/postgres.ts <port> <database>
 * Prints `ready` once the database accepts connections; stops (and deletes
 * its data) on SIGTERM or SIGINT.
 */
import { startEmbeddedCluster } from '../../database/embedded/cluster.ts'

const [port, database] = process.argv.slice(2)
const cluster = await startEmbeddedCluster({
  dataDir: `tmp/smoke-db-${port}`,
  port: Number(port),
  database,
  persistent: false,
})
console.log('ready')

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await cluster.stop()
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
