import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { errors as vineErrors } from '@vinejs/vine'
import SeedAppVersions, { type SeedResult } from '#actions/app_versions/seed_app_versions'
import { UnprocessableException } from '#exceptions/http_exceptions'
import { seedAppVersionsValidator } from '#validators/app_version'
import { i18nFor, translator } from '#support/i18n'

/**
 * `node ace app-versions:seed <file.json> [--dry-run]`: upserts the app
 * versions of a JSON file (an array of AppVersion records) by platform
 * and version. One bad entry refuses the whole file.
 */
export default class AppVersionsSeed extends BaseCommand {
  static commandName = 'app-versions:seed'
  static description = 'Create or update app versions from a JSON file (all or nothing)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'Path of the JSON file (an array of versions)' })
  declare file: string

  @flags.boolean({ description: 'Validate and show the outcome without writing' })
  declare dryRun: boolean

  async run() {
    const entries = await this.#readEntries()
    if (!entries) return

    try {
      const seeder = await this.app.container.make(SeedAppVersions)
      const results = await seeder.handle({ entries, dryRun: this.dryRun })
      this.#printSummary(results)
    } catch (error) {
      if (!(error instanceof UnprocessableException)) throw error
      const { problems = [] } = (error.details ?? {}) as { problems?: string[] }
      this.#fail(translator(i18nFor())(error.message), problems)
    }
  }

  async #readEntries() {
    let content: unknown
    try {
      content = JSON.parse(await readFile(resolve(this.file), 'utf8'))
    } catch (error) {
      return this.#fail(`Cannot read ${this.file}: ${(error as Error).message}`)
    }
    try {
      const { versions } = await seedAppVersionsValidator.validate({ versions: content })
      return versions
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      const messages = error.messages as { field: string; message: string }[]
      return this.#fail(
        'The file was refused; nothing was written',
        messages.map(({ field, message }) => `${field}: ${message}`)
      )
    }
  }

  #fail(message: string, problems: string[] = []): undefined {
    this.logger.error(message)
    for (const problem of problems) this.logger.error(`  ${problem}`)
    this.exitCode = 1
    return undefined
  }

  #printSummary(results: SeedResult[]) {
    const table = this.ui.table().head(['Platform', 'Version', 'Outcome'])
    for (const { platform, version, outcome } of results) table.row([platform, version, outcome])
    table.render()

    const count = (outcome: string) => results.filter((row) => row.outcome === outcome).length
    const prefix = this.dryRun ? '[dry run, nothing written] ' : ''
    this.logger.success(
      `${prefix}created ${count('created')}, updated ${count('updated')}, unchanged ${count('unchanged')}`
    )
  }
}
