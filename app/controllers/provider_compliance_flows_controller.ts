import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { errors as vineErrors } from '@vinejs/vine'
import AttachComplianceFlows from '#actions/compliance/attach_compliance_flows'
import AttachFlowToProvider from '#actions/compliance/attach_flow_to_provider'
import DetachProviderFlow from '#actions/compliance/detach_provider_flow'
import ListProviderFlows from '#actions/compliance/list_provider_flows'
import UpdateProviderFlowLeaderships from '#actions/compliance/update_provider_flow_leaderships'
import { BadRequestException } from '#exceptions/http_exceptions'
import {
  attachFlowToProviderValidator,
  attachmentsValidator,
  updateStepLeadershipsValidator,
} from '#validators/compliance_flow'

/** D9 answers 400 (not 422) for an empty list or a malformed UUID */
function asBadRequest(error: unknown): never {
  if (error instanceof vineErrors.E_VALIDATION_ERROR) {
    const [first] = error.messages as { message: string }[]
    throw new BadRequestException(first?.message ?? 'errors.invalid_attachments')
  }
  throw error
}

/** D9, E9-E13: attachments of flows to providers (borrower side) */
export default class ProviderComplianceFlowsController {
  /** D9 (POST /providers/compliance-flows) and E10 (POST /team/compliance-flows) */
  @inject()
  async store(ctx: HttpContext, attach: AttachComplianceFlows) {
    const { attachments } = await ctx.request
      .validateUsing(attachmentsValidator)
      .catch(asBadRequest)
    const data = await attach.handle(ctx.company.id, attachments)
    return ctx.response.created({ data })
  }

  /** E9 */
  @inject()
  async index(ctx: HttpContext, list: ListProviderFlows) {
    const { providerId } = ctx.params
    return { data: await list.handle(ctx.company.id, providerId) }
  }

  /** E11 */
  @inject()
  async attach(ctx: HttpContext, attach: AttachFlowToProvider) {
    const { providerId } = ctx.params
    const payload = await ctx.request.validateUsing(attachFlowToProviderValidator)
    const data = await attach.handle(ctx.company.id, { providerId, ...payload })
    return ctx.response.created({ data })
  }

  /** E12 */
  @inject()
  async update(ctx: HttpContext, update: UpdateProviderFlowLeaderships) {
    const { providerId, flowId } = ctx.params
    const { stepLeaderships } = await ctx.request.validateUsing(updateStepLeadershipsValidator)
    return { data: await update.handle(ctx.company.id, providerId, flowId, stepLeaderships) }
  }

  /** E13 */
  @inject()
  async destroy(ctx: HttpContext, detach: DetachProviderFlow) {
    const { providerId, flowId } = ctx.params
    await detach.handle(ctx.company.id, { providerId, attachmentId: flowId })
    return ctx.response.noContent()
  }
}
