/** Prints a TCP port free on 127.0.0.1 right now (scripts/smoke-production.sh) */
import { createServer } from 'node:net'

const server = createServer()
server.listen(0, '127.0.0.1', () => {
  console.log(server.address().port)
  server.close()
})
