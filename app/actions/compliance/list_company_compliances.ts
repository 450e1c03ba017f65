import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import { escapeLike } from '#support/like'
import { parallelReads } from '#support/parallel_reads'
import type { listCompanyCompliancesValidator } from '#validators/provider_compliance'
import type { ComplianceSummaryRow } from '#dtos/compliance_summary_dto'

type Filters = Infer<typeof listCompanyCompliancesValidator>

/**
 * GET /compliances: the borrower's compliances of every provider, newest
 * period first, summarised (no steps). The provider is a company (legal
 * entity) or a user (natural person): its name comes from whichever it
 * is. `search` matches the provider's or the flow's name. One statement
 * for the page and one for the total, both from the company's period index.
 */
export default class ListCompanyCompliances {
  async handle(company: Company, filters: Filters) {
    const page = filters.page ?? 1
    const pageSize = filters.pageSize ?? 20
    const base = () =>
      db
        .from('provider_compliances as pc')
        .join('compliance_flows as cf', 'cf.id', 'pc.flow_id')
        .leftJoin('companies as pco', 'pco.id', 'pc.provider_id')
        .leftJoin('users as pu', 'pu.id', 'pc.provider_id')
        .where('pc.company_id', company.id)
        .if(filters.year, (query) => query.where('pc.year', filters.year!))
        .if(filters.month, (query) => query.where('pc.month', filters.month!))
        .if(filters.status && filters.status !== 'all', (query) =>
          query.where('pc.status', filters.status!)
        )
        .if(filters.search, (query) => {
          const pattern = `%${escapeLike(filters.search!)}%`
          query.where((where) =>
            where
              .whereILike('cf.name', pattern)
              .orWhereILike('pco.name', pattern)
              .orWhereILike('pu.name', pattern)
          )
        })

    const [rows, [{ total }]] = await parallelReads([
      () =>
        base()
          .select(
            'pc.id',
            'pc.provider_id as providerId',
            db.raw('coalesce(pco.name, pu.name) as "providerName"'),
            'pc.flow_id as complianceFlowId',
            'cf.name as complianceFlowName',
            'pc.month',
            'pc.year',
            'pc.status'
          )
          .orderBy([
            { column: 'pc.year', order: 'desc' },
            { column: 'pc.month', order: 'desc' },
            { column: 'pc.id', order: 'asc' },
          ])
          .limit(pageSize)
          .offset((page - 1) * pageSize) as Promise<ComplianceSummaryRow[]>,
      () => base().count('* as total') as Promise<{ total: string | number }[]>,
    ])
    return { rows, total: Number(total), page, pageSize }
  }
}
