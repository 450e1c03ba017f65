import { Agent } from 'node:http'
import type { ApiRequest } from '@japa/api-client'

const agents = new Map<string, Agent>()

/**
 * Sends the request from another loopback address (127.0.0.2, ...): with no
 * trusted proxy the socket address is the client IP, so this is how a test
 * plays a second client. X-Forwarded-For no longer can.
 */
export function sentFrom<Request extends ApiRequest>(request: Request, address: string): Request {
  if (!agents.has(address)) agents.set(address, new Agent({ localAddress: address }))
  request.request.agent(agents.get(address)!)
  return request
}
