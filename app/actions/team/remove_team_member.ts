import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import ContractPart from '#models/contract_part'
import CompanyMember from '#models/company_member'
import Clock from '#services/platform/clock'
import type Company from '#models/company'

/**
 * E6: deletes the member's links with the borrower (its PROVIDER parts of
 * the borrower's contracts; work entries keep their history with the
 * link set to null) and the `provider` membership of the users left
 * without any link, who thereby lose access to the borrower.
 */
@inject()
export default class RemoveTeamMember {
  constructor(private clock: Clock) {}

  async handle(company: Company, memberId: string) {
    await db.transaction(async (trx) => {
      const rows = await ContractPart.findTeamLinks(company, { memberId }, this.clock.now(), trx)
      await ContractPart.query({ client: trx })
        .whereIn(
          'id',
          rows.map((row) => row.part_id)
        )
        .delete()

      const userIds = [...new Set(rows.map((row) => row.u_id).filter((id) => id !== null))]
      for (const userId of userIds) {
        const providerIds = await CompanyMember.providerIdsOf(userId, trx)
        const remaining = await ContractPart.links(trx)
          .actedFor(providerIds)
          .ofBorrower(company.id)
          .ids()
        if (remaining.length > 0) continue
        await CompanyMember.query({ client: trx })
          .where({ company_id: company.id, user_id: userId, role: 'provider' })
          .delete()
      }
    })
  }
}
