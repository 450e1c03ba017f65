import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListProviderCompliances from '#actions/compliance/list_provider_compliances'
import UploadStepDocument from '#actions/compliance/upload_step_document'
import SubmitStepCompliance from '#actions/compliance/submit_step_compliance'
import GrantPlatformData from '#actions/compliance/grant_platform_data'
import ProviderComplianceDto, { StepComplianceDocumentDto } from '#dtos/provider_compliance_dto'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import ProviderCompliance from '#models/provider_compliance'
import CompanyMember from '#models/company_member'
import { complianceDetails } from '#services/compliance/compliance_details'
import { sendJsonText } from '#support/json_text'
import {
  grantPlatformDataValidator,
  listProviderCompliancesValidator,
  uploadStepDocumentValidator,
} from '#validators/provider_compliance'

/**
 * C1-C5 (+ grant): the authenticated provider's compliances in the
 * context company. Another provider's compliance is 404.
 */
@inject()
export default class ProviderCompliancesController {
  constructor(protected storage: FileStorageService) {}

  async #owner({ auth, company }: HttpContext) {
    return {
      companyId: company.id,
      providerIds: await CompanyMember.providerIdsOf(auth.getUserOrFail().id),
    }
  }

  /** One compliance as the provider sees it */
  async #view(ctx: HttpContext, complianceId: string, clock: Clock) {
    const compliance = await ProviderCompliance.findOwned(await this.#owner(ctx), complianceId)
    const [view] = ProviderComplianceDto.fromDetails(
      [compliance],
      await complianceDetails([compliance], {
        companyId: ctx.company.id,
        timezone: ctx.company.timezone,
        now: clock.now(),
        storage: this.storage,
      })
    )
    return view
  }

  @inject()
  async index(ctx: HttpContext, list: ListProviderCompliances) {
    const filters = await ctx.request.validateUsing(listProviderCompliancesValidator)
    const userId = ctx.auth.getUserOrFail().id
    sendJsonText(ctx.response, await list.handle(ctx.company, userId, filters, ctx.readVersions))
  }

  @inject()
  async current(ctx: HttpContext, list: ListProviderCompliances, clock: Clock) {
    const today = clock.now().setZone(ctx.company.timezone)
    const userId = ctx.auth.getUserOrFail().id
    const filters = { year: today.year, month: today.month }
    sendJsonText(ctx.response, await list.handle(ctx.company, userId, filters, ctx.readVersions))
  }

  @inject()
  async show(ctx: HttpContext, clock: Clock) {
    const { id } = ctx.params
    return { data: await this.#view(ctx, id, clock) }
  }

  @inject()
  async upload(ctx: HttpContext, upload: UploadStepDocument) {
    const { complianceId, stepId } = ctx.params
    const owner = await this.#owner(ctx)
    await ProviderCompliance.findOwned(owner, complianceId)
    const { documentRequirementId, file } = await ctx.request.validateUsing(
      uploadStepDocumentValidator
    )
    const { document, requirementName } = await upload.handle({
      ...owner,
      userId: ctx.auth.getUserOrFail().id,
      complianceId,
      stepId,
      documentRequirementId,
      file,
    })
    const body = StepComplianceDocumentDto.fromModel(
      document,
      requirementName,
      await this.storage.signedUrl(document.filePath)
    )
    return ctx.response.created({ data: body })
  }

  @inject()
  async submit(ctx: HttpContext, submit: SubmitStepCompliance, clock: Clock) {
    const { complianceId, stepId } = ctx.params
    const { step } = await submit.handle({
      ...(await this.#owner(ctx)),
      user: ctx.auth.getUserOrFail(),
      complianceId,
      stepId,
    })
    const view = await this.#view(ctx, complianceId, clock)
    return { data: view.steps.find(({ id }) => id === step.id) }
  }

  @inject()
  async grant(ctx: HttpContext, grant: GrantPlatformData, clock: Clock) {
    const { complianceId, stepId } = ctx.params
    const { dataTypes } = await ctx.request.validateUsing(grantPlatformDataValidator)
    await grant.handle({ ...(await this.#owner(ctx)), complianceId, stepId, dataTypes })
    const view = await this.#view(ctx, complianceId, clock)
    return {
      data: view.steps.find(({ id, complianceStepId }) => [id, complianceStepId].includes(stepId)),
    }
  }
}
