import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListTeamCompliances from '#actions/compliance/list_team_compliances'
import ReviewStepCompliance from '#actions/compliance/review_step_compliance'
import ProviderComplianceDto, { StepComplianceDocumentDto } from '#dtos/provider_compliance_dto'
import ProviderCompliancePolicy from '#policies/provider_compliance_policy'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import { reviewContext } from '#services/compliance/review_context'
import { complianceDetails } from '#services/compliance/compliance_details'
import { listTeamCompliancesValidator, reviewStepValidator } from '#validators/provider_compliance'

/** E7, E8: a member's compliances as the borrower reviews them */
@inject()
export default class TeamCompliancesController {
  constructor(protected storage: FileStorageService) {}

  @inject()
  async index(ctx: HttpContext, list: ListTeamCompliances) {
    const { providerId } = ctx.params
    const filters = await ctx.request.validateUsing(listTeamCompliancesValidator)
    return { data: await list.handle(ctx.company, providerId, filters) }
  }

  /**
   * E8: 200 with the reviewed StepComplianceDocument; on a platformData
   * step (no documents) with the StepCompliance.
   */
  @inject()
  async review(ctx: HttpContext, review: ReviewStepCompliance, clock: Clock) {
    const { providerId, complianceId, stepId } = ctx.params
    const target = { companyId: ctx.company.id, providerId, complianceId, stepId }
    const { rules } = await reviewContext(target)
    await ctx.bouncer.with(ProviderCompliancePolicy).authorize('review', rules)
    const payload = await ctx.request.validateUsing(reviewStepValidator)

    const result = await review.handle({ ...target, ...payload, user: ctx.auth.getUserOrFail() })
    if (result.document) {
      const url = await this.storage.signedUrl(result.document.filePath)
      return {
        data: StepComplianceDocumentDto.fromModel(result.document, result.requirementName, url),
      }
    }
    const [view] = ProviderComplianceDto.fromDetails(
      [result.compliance],
      await complianceDetails([result.compliance], {
        companyId: ctx.company.id,
        timezone: ctx.company.timezone,
        now: clock.now(),
        withPlatformData: true,
        storage: this.storage,
      })
    )
    return { data: view.steps.find(({ id }) => id === result.step.id) }
  }
}
