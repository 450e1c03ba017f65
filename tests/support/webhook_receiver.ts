import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders
  body: string
  json: any
}

/**
 * A real HTTP receiver on 127.0.0.1 (port 0): records every request and
 * answers with the statuses of `answers` in turn (then 200), so a test
 * can make it fail a given number of times.
 */
export async function startWebhookReceiver(answers: number[] = []) {
  const received: ReceivedWebhook[] = []
  const queue = [...answers]
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk) => chunks.push(chunk))
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      received.push({ headers: request.headers, body, json: JSON.parse(body || 'null') })
      const status = queue.shift() ?? 200
      response.writeHead(status, { 'content-type': 'text/plain' })
      response.end(status < 300 ? 'ok' : `failure ${status}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** Makes the next answers these statuses */
    answer: (...statuses: number[]) => queue.push(...statuses),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
