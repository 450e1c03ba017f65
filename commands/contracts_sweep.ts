import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import SweepContracts from '#actions/contracts/sweep_contracts'

/**
 * Moves contracts over time (completed -> active, active -> finished,
 * signing -> overdue). Safe to run from several instances: the first one
 * takes the advisory lock, the others skip.
 */
export default class ContractsSweep extends BaseCommand {
  static commandName = 'contracts:sweep'
  static description = 'Move contracts whose dates have come: active, finished, overdue'
  static options: CommandOptions = { startApp: true }

  async run() {
    const result = await new SweepContracts().handle((move, count) => {
      this.logger.info(`${move.from} -> ${move.to}: ${count} contract(s)`)
    })
    if (!result.locked) {
      this.logger.warning('Another sweep is running; skipped')
      return
    }
    const total = Object.values(result.moved).reduce((sum, count) => sum + count, 0)
    this.logger.success(`Sweep done: ${total} contract(s) moved`)
  }
}
