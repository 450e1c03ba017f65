import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import db from '@adonisjs/lucid/services/db'
import GenerateMonthlyCompliances from '#actions/compliance/generate_monthly_compliances'
import Clock from '#services/platform/clock'
import { withAdvisoryLock } from '#support/advisory_lock'

/** One instance at a time across servers (DESIGN.md, Scale-out) */
const LOCK_KEY = 'compliance:generate'

/**
 * `node ace compliance:generate [--month YYYY-MM]`: creates the monthly
 * compliances of every company (default: the current month), company by
 * company, under a PostgreSQL advisory lock. Idempotent. `--dry-run` rolls
 * back after printing the counts and the time (the bench times it so).
 */
export default class ComplianceGenerate extends BaseCommand {
  static commandName = 'compliance:generate'
  static description = 'Create the monthly compliances of every attached provider'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Month to generate, YYYY-MM (default: the current month)' })
  declare month?: string

  @flags.boolean({
    description: 'Generate, print what was created and how long it took, then roll back',
  })
  declare dryRun?: boolean

  /** The --month flag, undefined without it (each company's current month), null when invalid */
  #month() {
    if (!this.month) return undefined
    const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(this.month)
    if (!match) return null
    return { year: Number(match[1]), month: Number(match[2]) }
  }

  async run() {
    const month = this.#month()
    if (month === null) {
      this.logger.error('--month must be YYYY-MM')
      this.exitCode = 1
      return
    }
    const clock = await this.app.container.make(Clock)
    const generate = await this.app.container.make(GenerateMonthlyCompliances)

    const started = performance.now()
    const trx = await db.transaction()
    const outcome = await withAdvisoryLock(trx, LOCK_KEY, async () => {
      const companies = await trx
        .from('companies')
        .whereExists((attached) =>
          attached
            .from('provider_compliance_flows')
            .whereRaw('provider_compliance_flows.company_id = companies.id')
            .whereNull('detached_at')
        )
        .select('id', 'timezone')
        .orderBy('id')
      this.logger.info(`generating compliances for ${companies.length} companies`)
      let total = { compliances: 0, steps: 0 }
      for (const [index, company] of companies.entries()) {
        const today = clock.now().setZone(company.timezone)
        const period = month ?? { year: today.year, month: today.month }
        const label = `${period.year}-${String(period.month).padStart(2, '0')}`
        const result = await generate.handle({ ...period, companyId: company.id }, trx)
        total = {
          compliances: total.compliances + result.compliances,
          steps: total.steps + result.steps,
        }
        this.logger.info(
          `[${index + 1}/${companies.length}] ${label} company ${company.id}: ${result.compliances} compliances, ${result.steps} steps`
        )
      }
      const ms = Math.round(performance.now() - started)
      this.logger.success(
        `${total.compliances} compliances and ${total.steps} steps created in ${ms} ms${this.dryRun ? ' (dry run: rolled back)' : ''}`
      )
    }).catch(async (error) => {
      await trx.rollback()
      throw error
    })
    await (this.dryRun ? trx.rollback() : trx.commit())
    if (!outcome.acquired) {
      this.logger.warning('another compliance:generate is running; nothing done')
    }
  }
}
