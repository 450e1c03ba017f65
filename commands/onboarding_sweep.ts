import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import ExpireOnboardings from '#actions/onboarding/expire_onboardings'

/**
 * `node ace onboarding:sweep`: marks expired onboardings (run it from a
 * scheduler, for example every hour). Safe to run on every instance.
 */
export default class OnboardingSweep extends BaseCommand {
  static commandName = 'onboarding:sweep'
  static description = 'Mark pending onboardings past their expiry as expired'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Rows updated per batch', default: 500 })
  declare batchSize: number

  async run() {
    const action = new ExpireOnboardings()
    let done = 0
    const result = await action.handle({
      batchSize: this.batchSize,
      onBatch: (count) => {
        done += count
        this.logger.info(`expired ${done} onboarding(s) so far`)
      },
    })
    if (!result.locked) {
      this.logger.warning('another onboarding sweep is running; nothing done')
      return
    }
    this.logger.success(`onboarding sweep done: ${result.expired} expired`)
  }
}
