import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import { complianceDetails, compliancesOf } from '#services/compliance/compliance_details'
import GenerateMonthlyCompliances from '#actions/compliance/generate_monthly_compliances'
import type { listProviderCompliancesValidator } from '#validators/provider_compliance'
import ProviderComplianceDto from '#dtos/provider_compliance_dto'

type Filters = Infer<typeof listProviderCompliancesValidator>

/**
 * C1 / C2: the caller's compliances in the company, newest month first.
 * The current month (company timezone) is generated on the fly first, so
 * a provider never waits for the monthly command.
 */
@inject()
export default class ListProviderCompliances {
  constructor(
    protected clock: Clock,
    protected generate: GenerateMonthlyCompliances,
    protected storage: FileStorageService
  ) {}

  async handle(company: Company, providerIds: string[], filters: Filters) {
    const now = this.clock.now()
    const today = now.setZone(company.timezone)
    await this.generate.handle({
      year: today.year,
      month: today.month,
      companyId: company.id,
      providerIds,
    })

    const search = filters.search?.toLowerCase()
    const compliances = await compliancesOf(company.id)
      .whereIn('provider_compliances.provider_id', providerIds)
      .if(filters.year, (query) => query.where('provider_compliances.year', filters.year!))
      .if(filters.month, (query) => query.where('provider_compliances.month', filters.month!))
      .if(filters.status && filters.status !== 'all', (query) =>
        query.where('provider_compliances.status', filters.status!)
      )
      .if(search, (query) =>
        query.whereHas('flow', (flow) => flow.whereRaw('lower(name) like ?', [`%${search}%`]))
      )
      .orderBy('provider_compliances.year', 'desc')
      .orderBy('provider_compliances.month', 'desc')
      .orderBy('provider_compliances.created_at')
    const data = ProviderComplianceDto.fromDetails(
      compliances,
      await complianceDetails(compliances, {
        companyId: company.id,
        timezone: company.timezone,
        now,
        storage: this.storage,
      })
    )
    return { data, total: data.length }
  }
}
