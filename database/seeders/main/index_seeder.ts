import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import { seedAccounts } from '#database/seeders/demo/accounts'

/**
 * Demo data, idempotent: running it again changes nothing. Each area adds
 * its own module under database/seeders/demo/ and is called from here.
 */
export default class IndexSeeder extends BaseSeeder {
  async run() {
    await db.transaction(async (trx) => {
      await seedAccounts(trx)
    })
  }
}
