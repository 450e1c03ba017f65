import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import ContractPart from '#models/contract_part'
import FindTeamMember from '#actions/team/find_team_member'
import type Company from '#models/company'

/**
 * E3: switches the link's `isActive`; nothing else (user, company,
 * contract) is touched.
 */
@inject()
export default class ToggleTeamLink {
  constructor(private findMember: FindTeamMember) {}

  async handle(company: Company, partId: string, isActive: boolean) {
    return db.transaction(async (trx) => {
      await this.findMember.links(company, { partId }, trx)
      const part = await ContractPart.query({ client: trx })
        .where('id', partId)
        .forUpdate()
        .firstOrFail()
      part.useTransaction(trx)
      await part.merge({ isActive }).save()
      const [row] = await this.findMember.links(company, { partId }, trx)
      return row
    })
  }
}
