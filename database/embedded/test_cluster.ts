import { freePort, startEmbeddedCluster } from './cluster.js'

/**
 * A throw-away cluster for one test run, on a free port, so that several
 * runs (and a running dev server) never collide.
 */
export async function startTestDatabase() {
  const port = await freePort()
  return startEmbeddedCluster({
    dataDir: `tmp/test-db-${process.pid}`,
    port,
    database: 'contracts_test',
    persistent: false,
  })
}
