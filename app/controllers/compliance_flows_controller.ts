import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ListComplianceFlows from '#actions/compliance/list_compliance_flows'
import CreateComplianceFlow from '#actions/compliance/create_compliance_flow'
import UpdateComplianceFlow from '#actions/compliance/update_compliance_flow'
import DeleteComplianceFlow from '#actions/compliance/delete_compliance_flow'
import AttachFlowProviders from '#actions/compliance/attach_flow_providers'
import DetachProviderFlow from '#actions/compliance/detach_provider_flow'
import ListAvailableProviders from '#actions/compliance/list_available_providers'
import ListFlowProviders from '#actions/compliance/list_flow_providers'
import AvailableProviderDto from '#dtos/available_provider_dto'
import ComplianceFlowDto from '#dtos/compliance_flow_dto'
import ComplianceFlow from '#models/compliance_flow'
import { NotFoundException } from '#exceptions/http_exceptions'
import { flowView } from '#services/compliance/flows'
import { sendJsonText } from '#support/json_text'
import {
  attachProvidersValidator,
  availableProvidersValidator,
  createComplianceFlowValidator,
  listComplianceFlowsValidator,
  listFlowProvidersValidator,
  updateComplianceFlowValidator,
} from '#validators/compliance_flow'

/** D1-D8: compliance flows of the context company (borrower side) */
export default class ComplianceFlowsController {
  async #view(companyId: string, id: string) {
    const flow = await flowView(companyId, id)
    if (!flow) throw new NotFoundException('errors.compliance_flow_not_found')
    return { data: ComplianceFlowDto.fromRow(flow) }
  }

  @inject()
  async index(ctx: HttpContext, list: ListComplianceFlows) {
    const filters = await ctx.request.validateUsing(listComplianceFlowsValidator)
    sendJsonText(ctx.response, await list.handle(ctx.company.id, filters, ctx.readVersions))
  }

  async show(ctx: HttpContext) {
    const { id } = ctx.params
    return this.#view(ctx.company.id, id)
  }

  @inject()
  async store(ctx: HttpContext, create: CreateComplianceFlow) {
    const payload = await ctx.request.validateUsing(createComplianceFlowValidator)
    const flow = await create.handle(ctx.company.id, payload)
    return ctx.response.created(await this.#view(ctx.company.id, flow.id))
  }

  @inject()
  async update(ctx: HttpContext, update: UpdateComplianceFlow) {
    const { id } = ctx.params
    await ComplianceFlow.findOwned(ctx.company.id, id)
    const payload = await ctx.request.validateUsing(updateComplianceFlowValidator)
    await update.handle(ctx.company.id, id, payload)
    return this.#view(ctx.company.id, id)
  }

  @inject()
  async destroy(ctx: HttpContext, remove: DeleteComplianceFlow) {
    const { id } = ctx.params
    await remove.handle(ctx.company.id, id)
    return ctx.response.noContent()
  }

  @inject()
  async providers(ctx: HttpContext, list: ListFlowProviders) {
    const { id } = ctx.params
    const filters = await ctx.request.validateUsing(listFlowProvidersValidator)
    return list.handle(ctx.company.id, id, filters)
  }

  @inject()
  async attachProviders(ctx: HttpContext, attach: AttachFlowProviders) {
    const { id } = ctx.params
    await ComplianceFlow.findOwned(ctx.company.id, id)
    const { providerIds } = await ctx.request.validateUsing(attachProvidersValidator)
    await attach.handle(ctx.company.id, id, providerIds)
    return this.#view(ctx.company.id, id)
  }

  @inject()
  async detachProvider(ctx: HttpContext, detach: DetachProviderFlow) {
    const { flowId, providerId } = ctx.params
    await ComplianceFlow.findOwned(ctx.company.id, flowId)
    await detach.handle(ctx.company.id, { flowId, providerId })
    return ctx.response.noContent()
  }

  @inject()
  async availableProviders(ctx: HttpContext, list: ListAvailableProviders) {
    const { id } = ctx.params
    const { search } = await ctx.request.validateUsing(availableProvidersValidator)
    const providers = await list.handle(ctx.company.id, id, search)
    return {
      data: providers.map((provider) => AvailableProviderDto.fromProvider(provider)),
      total: providers.length,
    }
  }
}
