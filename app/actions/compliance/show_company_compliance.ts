import { inject } from '@adonisjs/core'
import type Company from '#models/company'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import { complianceDetails } from '#services/compliance/compliance_details'
import ProviderCompliance from '#models/provider_compliance'
import ProviderComplianceDto from '#dtos/provider_compliance_dto'

/**
 * GET /compliances/:id: one compliance of the context company, whatever
 * the provider, as E7 shows it (steps, documents with signed URLs, the
 * platform data granted). Another company's compliance is 404.
 */
@inject()
export default class ShowCompanyCompliance {
  constructor(
    protected clock: Clock,
    protected storage: FileStorageService
  ) {}

  async handle(company: Company, id: string) {
    const compliance = await ProviderCompliance.findForBorrower(company.id, id)
    const [view] = ProviderComplianceDto.fromDetails(
      [compliance],
      await complianceDetails([compliance], {
        companyId: company.id,
        timezone: company.timezone,
        now: this.clock.now(),
        withPlatformData: true,
        storage: this.storage,
      })
    )
    return view
  }
}
