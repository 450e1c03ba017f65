import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import WebhookEndpoint from '#models/webhook_endpoint'
import { sealWebhookSecret } from '#services/webhooks/secrets'
import type { DemoAccounts } from '#database/seeders/demo/accounts'

/**
 * `npm run dev`'s local webhook receiver (commands/dev.ts) and the secret
 * of Acme's demo endpoint, which it verifies signatures with (README,
 * Webhooks). Read from the process env with these defaults, so the dev
 * command (which boots no app) and the seeder agree.
 */
export function demoWebhookReceiver() {
  const port = Number(process.env.WEBHOOK_DEV_RECEIVER_PORT || 3334)
  return {
    port,
    url: `http://127.0.0.1:${port}/webhooks`,
    secret: process.env.WEBHOOK_DEMO_SECRET || 'whsec_demo_local_receiver_secret',
  }
}

/** Acme's endpoint to the local receiver, every event (`*`); kept if it exists */
export async function seedWebhooks(accounts: DemoAccounts, trx: TransactionClientContract) {
  const receiver = demoWebhookReceiver()
  const existing = await WebhookEndpoint.query({ client: trx })
    .where('company_id', accounts.acme.id)
    .where('url', receiver.url)
    .first()
  if (existing) return existing
  return WebhookEndpoint.create(
    {
      companyId: accounts.acme.id,
      url: receiver.url,
      events: ['*'],
      description: 'npm run dev: local receiver (prints each signed event)',
      isActive: true,
      secret: sealWebhookSecret(receiver.secret),
      consecutiveDead: 0,
    },
    { client: trx }
  )
}
