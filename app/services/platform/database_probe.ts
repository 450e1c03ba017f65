import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'

/**
 * Answers whether PostgreSQL responds within a short timeout.
 */
export default class DatabaseProbe {
  /** Lucid connection to probe (the default one when unset) */
  connectionName?: string
  timeoutMs = 2000

  async isUp(): Promise<boolean> {
    const query = db.connection(this.connectionName).rawQuery('select 1')
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs)
    })
    try {
      return await Promise.race([query.then(() => true), timeout])
    } catch (error) {
      logger.warn(
        { err: error, connection: this.connectionName ?? 'default' },
        'database probe failed'
      )
      return false
    } finally {
      clearTimeout(timer)
    }
  }
}
