import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { pgArray } from '#support/compliance'
import { asPreparedStatement } from '#support/prepared_statement'
import { isMandatoryType, type Channels, type DeliveryChannel } from '#enums/notifications'

export type GateReason =
  'type_disabled_by_company' | 'channel_not_allowed_by_company' | 'channel_disabled_by_user'

/** What the company and the user saved (missing = on) */
export interface Gates {
  companyTypes: Record<string, boolean>
  companyChannels: Partial<Channels>
  userChannels: Partial<Channels>
}

/** A company's settings (`user_id` null) or a member's preferences */
interface GateRow {
  company_id: string
  user_id: string | null
  types: Record<string, boolean> | null
  channels: Partial<Channels>
}

const OPEN_GATES: Gates = { companyTypes: {}, companyChannels: {}, userChannels: {} }

/**
 * The delivery rule (spec I): a mandatory type is always delivered;
 * otherwise the type must be active for the company AND the channel
 * allowed by the company AND on for the user. Returns why not, or null.
 */
export function blockedBy(type: string, channel: DeliveryChannel, gates: Gates): GateReason | null {
  if (isMandatoryType(type)) return null
  if (gates.companyTypes[type] === false) return 'type_disabled_by_company'
  if (gates.companyChannels[channel] === false) return 'channel_not_allowed_by_company'
  if (gates.userChannels[channel] === false) return 'channel_disabled_by_user'
  return null
}

/**
 * The gates of every (user, company) recipient, in one statement: the
 * companies' settings and the members' preferences, told apart by `user_id`
 * (null for a company's row).
 */
export async function loadGates(
  recipients: { userId: string; companyId: string }[],
  trx: TransactionClientContract
) {
  const userIds = [...new Set(recipients.map((recipient) => recipient.userId))]
  const companyIds = [...new Set(recipients.map((recipient) => recipient.companyId))]
  const { rows } = (await asPreparedStatement(
    trx.rawQuery(
      `SELECT company_id, CAST(NULL AS uuid) AS user_id, types, allowed_channels AS channels
       FROM company_notification_settings WHERE company_id = ANY(CAST(:companyIds AS uuid[]))
     UNION ALL
     SELECT company_id, user_id, NULL, channels
       FROM notification_preferences
      WHERE user_id = ANY(CAST(:userIds AS uuid[])) AND company_id = ANY(CAST(:companyIds AS uuid[]))`,
      { userIds: pgArray(userIds), companyIds: pgArray(companyIds) }
    )
  )) as { rows: GateRow[] }
  const byCompany = new Map<string, GateRow>()
  const byMember = new Map<string, GateRow>()
  for (const row of rows) {
    if (row.user_id === null) byCompany.set(row.company_id, row)
    else byMember.set(`${row.user_id}:${row.company_id}`, row)
  }

  return (userId: string, companyId: string): Gates => {
    const setting = byCompany.get(companyId)
    return {
      companyTypes: setting?.types ?? OPEN_GATES.companyTypes,
      companyChannels: setting?.channels ?? OPEN_GATES.companyChannels,
      userChannels: byMember.get(`${userId}:${companyId}`)?.channels ?? OPEN_GATES.userChannels,
    }
  }
}
