import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import { seedAccounts } from '#database/seeders/demo/accounts'
import { seedContractsCore } from '#database/seeders/demo/contracts_core'
import { seedAppVersions } from '#database/seeders/demo/app_versions'
import { seedOnboarding } from '#database/seeders/demo/onboarding'
import { seedCompliance } from '#database/seeders/demo/compliance'
import { seedNotifications } from '#database/seeders/demo/notifications'
import { seedContracts } from '#database/seeders/demo/contracts'
import { seedHours } from '#database/seeders/demo/hours'
import { seedLogo } from '#database/seeders/demo/logo'
import { seedWebhooks } from '#database/seeders/demo/webhooks'
import { seedApiKeys } from '#database/seeders/demo/api_keys'

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
      await seedAppVersions(trx)
      await seedCompliance(accounts, contracts, trx)
      await seedNotifications(accounts, contracts, trx)
      await seedContracts(accounts, contracts, trx)
      await seedOnboarding(accounts, trx)
      await seedHours(accounts, contracts, trx)
      await seedLogo(accounts.acme, trx)
      await seedWebhooks(accounts, trx)
      await seedApiKeys(accounts, trx)
    })
  }
}
