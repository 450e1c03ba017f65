import { mkdir, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { seedFaultBench } from '#bench/faults/seed'

/**
 * Seeds the sender and the recipient of `node ace bench:faults` and writes
 * the token and ids it calls I5 with. Run by bench:faults on its own
 * throw-away database; not meant for a real one.
 */
export default class BenchFaultsSeed extends BaseCommand {
  static commandName = 'bench:faults:seed'
  static description = 'Seed the sender and recipient of bench:faults (used by it)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'File the token and ids are written to', required: true })
  declare out: string

  async run() {
    await mkdir(dirname(this.out), { recursive: true })
    await writeFile(this.out, JSON.stringify(await seedFaultBench(), null, 2))
  }
}
