import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { startEmbeddedCluster } from '#database/embedded/cluster'
import { DEMO_LOGINS, DEMO_PASSWORD } from '#database/seeders/demo/accounts'
import { devProcesses } from '#support/dev_processes'
import { supervise } from '#support/supervisor'
import { DEMO_ONBOARDING_LINK_FILE } from '#database/seeders/demo/onboarding'

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

  #ace(args: string[], env: NodeJS.ProcessEnv = {}) {
    return spawn(process.execPath, ['ace', ...args], {
      cwd: this.app.makePath(),
      stdio: 'inherit',
      env: { ...process.env, ...env },
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

    const stop = async () => {
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
    this.logger.info('API on http://localhost:3333/api/v1 (reference: /api/v1/docs)')
  }
}
