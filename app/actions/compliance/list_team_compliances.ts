import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import ContractPart from '#models/contract_part'
import { complianceDetails, compliancesOf } from '#services/compliance/compliance_details'
import type { listTeamCompliancesValidator } from '#validators/provider_compliance'
import ProviderComplianceDto from '#dtos/provider_compliance_dto'

type Filters = Infer<typeof listTeamCompliancesValidator>

/**
 * E7: a member's compliances for the borrower, newest month first, with
 * the platform data granted on platformData steps.
 */
@inject()
export default class ListTeamCompliances {
  constructor(
    protected clock: Clock,
    protected storage: FileStorageService
  ) {}

  async handle(company: Company, providerId: string, filters: Filters) {
    await ContractPart.assertKnownProvider(company.id, providerId)
    const compliances = await compliancesOf(company.id)
      .where('provider_compliances.provider_id', providerId)
      .if(filters.year, (query) => query.where('provider_compliances.year', filters.year!))
      .if(filters.status && filters.status !== 'all', (query) =>
        query.where('provider_compliances.status', filters.status!)
      )
      .orderBy('provider_compliances.year', 'desc')
      .orderBy('provider_compliances.month', 'desc')
      .orderBy('provider_compliances.created_at')
    return ProviderComplianceDto.fromDetails(
      compliances,
      await complianceDetails(compliances, {
        companyId: company.id,
        timezone: company.timezone,
        now: this.clock.now(),
        withPlatformData: true,
        storage: this.storage,
      })
    )
  }
}
