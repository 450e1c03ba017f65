import { type EmbeddedCluster, freePort, startEmbeddedCluster } from './cluster.js'

let current: EmbeddedCluster | undefined

/** The cluster of this test run (bin/test.ts starts it before the app boots) */
export function testDatabase(): EmbeddedCluster {
  if (!current) throw new Error('No test database was started in this process')
  return current
}

/**
 * A throw-away cluster for one test run, on a free port, so that several
 * runs (and a running dev server) never collide.
 */
export async function startTestDatabase() {
  const port = await freePort()
  current = await startEmbeddedCluster({
    dataDir: `tmp/test-db-${process.pid}`,
    port,
    database: 'contracts_test',
    persistent: false,
  })
  return current
}
