import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { BenchArea } from '#bench/types'
import GenerateMonthlyCompliances from '#actions/compliance/generate_monthly_compliances'
import ComplianceFlow from '#models/compliance_flow'
import { touchFlows } from '#services/compliance/attachments'
import { writeSteps } from '#services/compliance/step_writer'
import { ensureProviderPeople } from '#bench/people'

/** Base volume: providers attached at scale 1 (x scale); months stay fixed */
const PROVIDERS = 2_000
const MONTHS = 24
const FLOWS = 5

/** Five active flows of two steps (the first one gets every provider) */
async function ensureFlows(companyId: string) {
  const flows: ComplianceFlow[] = []
  for (let index = 1; index <= FLOWS; index++) {
    const name = `Bench compliance ${index}`
    let flow = await ComplianceFlow.query()
      .where('company_id', companyId)
      .where('name', name)
      .first()
    if (!flow) {
      flow = await db.transaction(async (trx) => {
        const created = await ComplianceFlow.create(
          { companyId, name, status: 'active', providersCount: 0, description: null },
          { client: trx }
        )
        const schedule = { frequency: 'monthly' as const, dayStart: 1, dayEnd: 28 }
        await writeSteps(
          companyId,
          created.id,
          [
            {
              title: 'Documentos',
              stepType: 'documents',
              schedule,
              documents: [{ name: 'NF', required: true }],
            },
            { title: 'Certidões', stepType: 'documents', schedule, dependsOnPrevious: true },
          ],
          trx
        )
        return created
      })
    }
    flows.push(flow)
  }
  return flows
}

/**
 * Compliance: natural-person providers with an active contract each (plus
 * the bench provider company), all attached to one flow, 24 months of
 * compliances generated set-based. Requests: the provider's list (C1) and
 * the borrower's flow list (D1).
 */
const compliance: BenchArea = {
  area: 'compliance',
  async seed({ scale, borrower, borrowerOwner, providerCompany, providerOwner, tokenFor }) {
    const [flow] = await ensureFlows(borrower.id)
    await ensureProviderPeople(borrower.id, 'bench-compliance-', PROVIDERS * scale)
    const hasContract = await db
      .from('contract_parts')
      .where('company_id', providerCompany.id)
      .where('role', 'PROVIDER')
      .first()
    if (!hasContract) {
      const [contract] = await db
        .table('contracts')
        .insert({
          company_id: borrower.id,
          name: 'Contrato Bench Provider',
          status: 'active',
          progress: 100,
          created_at: new Date(),
          updated_at: new Date(),
        })
        .returning('id')
      await db.table('contract_parts').insert({
        contract_id: contract.id,
        company_id: providerCompany.id,
        role: 'PROVIDER',
        is_active: true,
        created_at: new Date(),
        updated_at: new Date(),
      })
    }

    await db.rawQuery(
      `INSERT INTO provider_compliance_flows
              (id, company_id, flow_id, provider_id, provider_type, contract_id, attached_at)
       SELECT gen_random_uuid(), c.company_id, ?, coalesce(p.company_id, p.user_id),
              CASE WHEN p.company_id IS NULL THEN 'NATURAL_PERSON' ELSE 'LEGAL_ENTITY' END, c.id, now()
         FROM contract_parts p JOIN contracts c ON c.id = p.contract_id
        WHERE c.company_id = ? AND c.status = 'active' AND p.role = 'PROVIDER'
       ON CONFLICT (flow_id, provider_id) DO NOTHING`,
      [flow.id, borrower.id]
    )
    await db.transaction((trx) => touchFlows([flow.id], DateTime.now(), trx))

    const generate = new GenerateMonthlyCompliances()
    const now = DateTime.now().setZone(borrower.timezone)
    for (let offset = 0; offset < MONTHS; offset++) {
      const month = now.minus({ months: offset })
      await generate.handle({ year: month.year, month: month.month, companyId: borrower.id })
    }
    await db.rawQuery('ANALYZE')

    const providerToken = await tokenFor(providerOwner)
    const ownerToken = await tokenFor(borrowerOwner)
    const company = { 'x-company-id': borrower.id }
    return [
      {
        name: 'GET /provider-compliances',
        method: 'GET',
        path: '/api/v1/provider-compliances',
        headers: { authorization: `Bearer ${providerToken}`, ...company },
      },
      {
        name: 'GET /compliance-flows',
        method: 'GET',
        path: '/api/v1/compliance-flows',
        headers: { authorization: `Bearer ${ownerToken}`, ...company },
      },
    ]
  },
}

export default compliance
