import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import db from '@adonisjs/lucid/services/db'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { buildBenchContext } from '#bench/context'
import { benchAreas } from '#bench/scenarios/index'
import { seedMix } from '#bench/mix_seed'

/**
 * Seeds every bench area to `--scale` times its base volume and writes the
 * requests to measure. Run by `npm run bench`; not meant for a real database.
 */
export default class BenchSeed extends BaseCommand {
  static commandName = 'bench:seed'
  static description = 'Load the bench data volume (used by npm run bench)'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Multiple of the base data volume', default: 1 })
  declare scale: number

  @flags.string({ description: 'File the requests are written to', required: true })
  declare out: string

  @flags.string({ description: 'Comma-separated areas to seed (default: all)' })
  declare areas?: string

  @flags.string({ description: 'Also seed the mixed bench and write its plan to this file' })
  declare mix?: string

  async run() {
    const context = await buildBenchContext(this.scale)
    const requests = []
    const only = this.areas?.split(',')
    for (const area of benchAreas.filter(({ area: name }) => !only || only.includes(name))) {
      const started = Date.now()
      const areaRequests = await area.seed(context)
      requests.push(...areaRequests.map((request) => ({ area: area.area, ...request })))
      this.logger.info(`${area.area}: seeded x${this.scale} in ${Date.now() - started} ms`)
    }
    if (this.mix) {
      const started = Date.now()
      const plan = await seedMix(context)
      await mkdir(dirname(this.mix), { recursive: true })
      await writeFile(this.mix, JSON.stringify(plan))
      this.logger.info(
        `mix: seeded x${this.scale} in ${Date.now() - started} ms (${plan.actors.length} users)`
      )
    }
    /**
     * Measure the steady state, as autovacuum leaves it in production: fresh
     * statistics and visibility maps after the bulk load.
     */
    const started = Date.now()
    await db.rawQuery('VACUUM ANALYZE')
    this.logger.info(`vacuum analyze in ${Date.now() - started} ms`)

    await mkdir(dirname(this.out), { recursive: true })
    await writeFile(this.out, JSON.stringify(requests, null, 2))
  }
}
