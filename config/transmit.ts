import { defineConfig } from '@adonisjs/transmit'

/**
 * Server-sent events (live notifications). No transmit transport:
 * every API instance already receives every new notification from
 * PostgreSQL (LISTEN notifications_created, app/services/notifications/
 * live_listener.ts) and broadcasts it to its own streams only, so a Redis
 * or MQTT bus would deliver each message twice. The ping keeps idle
 * streams alive through proxies that cut silent connections (often 60 s)
 * and lets the server notice dead sockets.
 */
export default defineConfig({
  pingInterval: '25s',
  transport: null,
})
