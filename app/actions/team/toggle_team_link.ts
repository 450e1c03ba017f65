import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import ContractPart from '#models/contract_part'
import Clock from '#services/platform/clock'
import { withLogoUrls } from '#services/files/logo_urls'
import type Company from '#models/company'
import { ConflictException } from '#exceptions/http_exceptions'
import { CLOSED_STATUSES } from '#support/contract_rules'

/**
 * E3: switches the link's `isActive`; nothing else (user, company,
 * contract) is touched. A closed contract's links were settled inactive
 * when it closed (`ContractPart.settleLinksOf`) and stay so.
 */
@inject()
export default class ToggleTeamLink {
  constructor(private clock: Clock) {}

  async handle(company: Company, partId: string, isActive: boolean) {
    const row = await db.transaction(async (trx) => {
      await ContractPart.findTeamLinks(company, { partId }, this.clock.now(), trx)
      const part = await ContractPart.query({ client: trx })
        .where('id', partId)
        .forUpdate()
        .preload('contract')
        .firstOrFail()
      if (isActive && CLOSED_STATUSES.includes(part.contract.status)) {
        throw new ConflictException('errors.closed_link_reactivated')
      }
      part.useTransaction(trx)
      await part.merge({ isActive }).save()
      const [changed] = await ContractPart.findTeamLinks(company, { partId }, this.clock.now(), trx)
      return changed
    })
    const [shown] = await withLogoUrls([row], 'co_logo')
    return shown
  }
}
