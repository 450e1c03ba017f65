import { inject } from '@adonisjs/core'
import ContractPart from '#models/contract_part'
import AuthSession from '#models/auth_session'
import FindTeamMember from '#actions/team/find_team_member'
import type Company from '#models/company'

/** Latest sessions shown in the member detail */
const SESSIONS_SHOWN = 20

/**
 * E2: the member (its primary link), the active contract, the other
 * contracts with the borrower (history), the documents of the active
 * contract and the natural person's sessions.
 */
@inject()
export default class ShowTeamMember {
  constructor(private findMember: FindTeamMember) {}

  async handle(company: Company, memberId: string) {
    const rows = await this.findMember.links(company, { memberId })
    const member = FindTeamMember.primaryOf(rows)

    const parts = await ContractPart.query()
      .whereIn(
        'id',
        rows.map((row) => row.part_id)
      )
      .preload('contract')
    const active = parts.find(
      (part) => part.id === member.part_id && part.isActive && part.contract.status === 'active'
    )
    const history = parts
      .filter((part) => part !== active)
      .sort((a, b) => b.contract.createdAt.toMillis() - a.contract.createdAt.toMillis())

    const sessions = member.company_id
      ? []
      : await AuthSession.query()
          .where('user_id', member.user_id!)
          .orderBy('created_at', 'desc')
          .limit(SESSIONS_SHOWN)

    /** Contract documents live in the contracts area; connected at merge */
    const documents: never[] = []
    return { member, active: active ?? null, history, documents, sessions }
  }
}
