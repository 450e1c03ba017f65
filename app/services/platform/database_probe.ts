import db from '@adonisjs/lucid/services/db'

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
    } catch {
      return false
    } finally {
      clearTimeout(timer)
    }
  }
}
