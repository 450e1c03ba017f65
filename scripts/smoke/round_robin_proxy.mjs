/**
 * A round-robin HTTP proxy on 127.0.0.1:<port> in front of API processes,
 * as a load balancer without sticky sessions (scripts/two-process.sh):
 * each request goes to the next target in turn, streamed both ways (so
 * live streams pass), with keep-alive connections to the targets.
 * Prints `ready` once listening.
 * Usage: node scripts/smoke/round_robin_proxy.mjs <port> <http://a> <http://b> ...
 */
import http from 'node:http'

const [port, ...targets] = process.argv.slice(2)
/**
 * An idle connection to a target is closed after 2 s, before the target's
 * own keep-alive timeout (Node's 5 s) can close it under a request sent on
 * it: that race answered 502 once in 7,348 requests of the mixed bench.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256, timeout: 2000 })
/** Methods a load balancer may send again when a reused connection was reset before answering */
const RETRIED = new Set(['GET', 'HEAD', 'OPTIONS'])
let next = 0

function forward(request, response, retry) {
  const target = new URL(targets[next++ % targets.length])
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers: request.headers,
      agent,
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(response)
    }
  )
  upstream.on('error', (error) => {
    const reset = upstream.reusedSocket && error.code === 'ECONNRESET'
    if (!retry && reset && RETRIED.has(request.method) && !response.headersSent) {
      return forward(request, response, true)
    }
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' })
    response.end('{"message":"proxy: target unreachable"}')
  })
  /** A client gone before the answer ended (a closed live stream) ends the upstream request */
  response.on('close', () => {
    if (!response.writableFinished) upstream.destroy()
  })
  if (retry) upstream.end()
  else request.pipe(upstream)
}

const server = http.createServer((request, response) => forward(request, response, false))
server.keepAliveTimeout = 60_000
server.listen(Number(port), '127.0.0.1', () => console.log('ready'))
process.on('SIGTERM', () => process.exit(0))
