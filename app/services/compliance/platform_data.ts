import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import type { PlatformDataType } from '#support/compliance'
import type { PlatformData } from '#dtos/provider_compliance_dto'

type ActiveContracts = NonNullable<PlatformData['activeContracts']>

/** Active contracts of each provider with the company (one query) */
async function activeContractsOf(companyId: string, providerIds: string[]) {
  const rows = await Contract.query()
    .withScopes((scopes) => scopes.ownedBy(companyId))
    .join('contract_parts as p', 'p.contract_id', 'contracts.id')
    .where('contracts.status', 'active')
    .where('p.role', 'PROVIDER')
    .where('p.is_active', true)
    .where((match) =>
      match.whereIn('p.company_id', providerIds).orWhereIn('p.user_id', providerIds)
    )
    .select(
      db.raw('coalesce(p.company_id, p.user_id) as provider_id'),
      'contracts.id',
      'contracts.name',
      'contracts.start_date',
      'contracts.end_date'
    )
    .orderBy('contracts.created_at')
    .pojo<{
      provider_id: string
      id: string
      name: string
      start_date: Date | null
      end_date: Date | null
    }>()
  const result = new Map<string, ActiveContracts>()
  const day = (value: Date | null) => (value ? new Date(value).toISOString().slice(0, 10) : null)
  for (const row of rows) {
    result.set(row.provider_id, [
      ...(result.get(row.provider_id) ?? []),
      {
        contractId: row.id,
        contractName: row.name,
        startDate: day(row.start_date),
        endDate: day(row.end_date),
      },
    ])
  }
  return result
}

/**
 * Minutes worked per `${providerId}:${year}:${month}`: the hours area's
 * `work_entries` of the company on the provider's links (entries count by
 * their `date`), one grouped query.
 */
async function workedMinutes(companyId: string, providerIds: string[]) {
  const rows = await db
    .from('work_entries as w')
    .join('contract_parts as p', 'p.id', 'w.contract_part_id')
    .where('w.company_id', companyId)
    .where((match) =>
      match.whereIn('p.company_id', providerIds).orWhereIn('p.user_id', providerIds)
    )
    .groupByRaw('1, 2, 3')
    .select(
      db.raw('coalesce(p.company_id, p.user_id) as provider_id'),
      db.raw('extract(year from w.date)::int as year'),
      db.raw('extract(month from w.date)::int as month'),
      db.raw('sum(w.total_minutes)::int as minutes')
    )
  return new Map<string, number>(
    rows.map((row) => [`${row.provider_id}:${row.year}:${row.month}`, row.minutes])
  )
}

/**
 * Loads in batch what the providers can grant, then answers per step with
 * the granted types only: `activeContracts` from contract_parts, `hours`
 * from the work entries of the compliance month.
 */
export async function loadPlatformData(companyId: string, providerIds: string[]) {
  const ids = [...new Set(providerIds)]
  const contracts = ids.length ? await activeContractsOf(companyId, ids) : new Map()
  const minutes = ids.length ? await workedMinutes(companyId, ids) : new Map<string, number>()
  return (providerId: string, year: number, month: number, types: PlatformDataType[]) => {
    if (!types.length) return null
    const data: PlatformData = {}
    if (types.includes('hours')) {
      const totalMinutes = minutes.get(`${providerId}:${year}:${month}`) ?? 0
      data.hours = { totalMinutes, totalHours: Math.round((totalMinutes / 60) * 100) / 100 }
    }
    if (types.includes('activeContracts')) data.activeContracts = contracts.get(providerId) ?? []
    return data
  }
}
