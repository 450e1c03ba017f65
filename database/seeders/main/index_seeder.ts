import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import { seedAccounts } from '#database/seeders/demo/accounts'
import { seedContractsCore } from '#database/seeders/demo/contracts_core'
import { seedHours } from '#database/seeders/demo/hours'

/**
 * Demo data, idempotent: running it again changes nothing. Each area adds
 * its own module under database/seeders/demo/ and calls it here, after
 * the accounts and the core contracts it builds on.
 */
export default class IndexSeeder extends BaseSeeder {
  async run() {
    await db.transaction(async (trx) => {
      const accounts = await seedAccounts(trx)
      const contracts = await seedContractsCore(accounts, trx)
      await seedHours(accounts, contracts, trx)
    })
  }
}
