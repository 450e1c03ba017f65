import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { BaseCommand } from '@adonisjs/core/ace'
import env from '#start/env'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { startEmbeddedCluster } from '#database/embedded/cluster'
import { DEMO_LOGINS, DEMO_PASSWORD } from '#database/seeders/demo/accounts'
import { devProcesses } from '#support/dev_processes'
import { supervise } from '#support/supervisor'
import { DEMO_ONBOARDING_LINK_FILE } from '#database/seeders/demo/onboarding'
import { demoWebhookReceiver } from '#database/seeders/demo/webhooks'
import { demoApiKeySecret } from '#database/seeders/demo/api_keys'
import { verifyWebhookSignature } from '#support/webhook_signature'

/** Where the dev server listens (HOST and PORT, as bin/server.ts binds them) */
export function devApiAddress() {
  const host = env.get('HOST')
  /** A wildcard bind is reached through localhost */
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${env.get('PORT')}`
}

/**
 * `npm run dev`: PostgreSQL (embedded unless DB_HOST is set, data kept in
 * tmp/db), pending migrations, the demo data (idempotent), then the HTTP
 * server with hot reload and the background processes of the areas.
 */
export default class Dev extends BaseCommand {
  static commandName = 'dev'
  static description =
    'Start the database, migrate, load demo data and serve the API with hot reload'
  static options: CommandOptions = { startApp: false, staysAlive: true }

  #children: ChildProcess[] = []
  #supervised: ReturnType<typeof supervise>[] = []

  #ace(args: string[], extraEnv: NodeJS.ProcessEnv = {}) {
    return spawn(process.execPath, ['ace', ...args], {
      cwd: this.app.makePath(),
      stdio: 'inherit',
      env: { ...process.env, ...extraEnv },
    })
  }

  #aceOnce(args: string[]) {
    return new Promise<void>((resolve, reject) => {
      this.#ace(args).on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`node ace ${args.join(' ')} failed (${code})`))
      )
    })
  }

  async run() {
    /** Webhooks to this machine (the demo receiver, a newcomer's own) are allowed in dev */
    process.env.WEBHOOK_ALLOW_PRIVATE ??= 'true'
    process.env.WEBHOOK_ALLOW_HTTP ??= 'true'
    const cluster = await startEmbeddedCluster({
      dataDir: 'tmp/db',
      port: 54329,
      database: 'contracts_dev',
      persistent: true,
    })
    this.logger.info(
      cluster.started
        ? `embedded PostgreSQL on 127.0.0.1:${process.env.DB_PORT} (data in tmp/db)`
        : `PostgreSQL at ${process.env.DB_HOST}`
    )

    const receiver = this.#startWebhookReceiver()
    const stop = async () => {
      receiver.close()
      for (const supervisor of this.#supervised) this.#children.push(supervisor.stop())
      for (const child of this.#children) child.kill('SIGINT')
      await cluster.stop()
      process.exit(0)
    }
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)

    try {
      await this.#aceOnce(['migration:run', '--force'])
      await this.#aceOnce(['db:seed'])
    } catch (error) {
      this.logger.error((error as Error).message)
      await cluster.stop()
      process.exit(1)
    }

    await this.#printLogins()
    this.#children.push(this.#ace(['serve', '--hmr']))
    /** A worker that exits (crash, lost database) is said so and started again */
    for (const args of devProcesses) {
      const name = `node ace ${args.join(' ')}`
      this.#supervised.push(
        supervise(() => this.#ace(args), {
          onRestart: (exit, delayMs) =>
            this.logger.warning(`${name} exited (${exit}); restarting in ${delayMs / 1000} s`),
        })
      )
    }
  }

  /**
   * The demo webhook receiver: Acme's seeded endpoint points
   * here; each request is checked against the demo secret, as an
   * integrator would (README, Webhooks), and printed.
   */
  #startWebhookReceiver(): Server {
    const { port, secret } = demoWebhookReceiver()
    const server = createServer((request, response) => {
      const chunks: Buffer[] = []
      request.on('data', (chunk: Buffer) => chunks.push(chunk))
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8')
        const signature = request.headers['x-webhook-signature'] as string | undefined
        const valid = verifyWebhookSignature(secret, signature, body)
        const event = request.headers['x-webhook-event']
        const line = `webhook ${event} (delivery ${request.headers['x-webhook-id']}): ${body}`
        if (valid) this.logger.info(`[receiver] signature ok; ${line}`)
        else this.logger.warning(`[receiver] BAD SIGNATURE, refused (401); ${line}`)
        response.writeHead(valid ? 204 : 401).end()
      })
    })
    server.on('error', (error) =>
      this.logger.warning(`webhook receiver not started on port ${port}: ${error.message}`)
    )
    server.listen(port, '127.0.0.1', () =>
      this.logger.info(
        `webhook receiver on http://127.0.0.1:${port}/webhooks (Acme's demo webhook)`
      )
    )
    return server
  }

  async #printLogins() {
    const table = this.ui.table()
    table.head(['Demo login', 'Role', 'Notes'])
    for (const login of DEMO_LOGINS) table.row([login.email, login.role, login.note])
    table.render()
    this.logger.info(`password for every demo login: ${DEMO_PASSWORD}`)
    /** Written by the demo seeder (db:seed child) with a valid token */
    const link = await readFile(this.app.makePath(DEMO_ONBOARDING_LINK_FILE), 'utf8').catch(
      () => ''
    )
    if (link) this.logger.info(`provider onboarding (Beta, no login): ${link.trim()}`)
    this.logger.info(`API key of Acme (Demo ERP, contracts): ${demoApiKeySecret()}`)
    this.logger.info(`API on ${devApiAddress()}/api/v1 (reference: /api/v1/docs)`)
  }
}
