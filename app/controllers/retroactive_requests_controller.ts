import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import Clock from '#services/platform/clock'
import CreateRetroactiveRequest from '#actions/hours/create_retroactive_request'
import ListRetroactiveRequests from '#actions/hours/list_retroactive_requests'
import ApproveRetroactiveRequest from '#actions/hours/approve_retroactive_request'
import DeclineRetroactiveRequest from '#actions/hours/decline_retroactive_request'
import RetroactiveRequestDto from '#dtos/retroactive_request_dto'
import PageMetaDto from '#dtos/page_meta_dto'
import { hoursMeta } from '#validators/rules/time'
import {
  createRetroactiveRequestValidator,
  declineRetroactiveRequestValidator,
  listRetroactiveRequestsValidator,
} from '#validators/retroactive_request'

/** Retroactive requests (G, B9): providers file, the borrower side reviews */
export default class RetroactiveRequestsController {
  @inject()
  async index({ request, membership }: HttpContext, listRequests: ListRetroactiveRequests) {
    const filters = await request.validateUsing(listRetroactiveRequestsValidator)
    const page = await listRequests.handle(membership, filters)
    return {
      data: page.all().map((item) => RetroactiveRequestDto.fromModel(item)),
      meta: PageMetaDto.from(page.total, page.currentPage, page.perPage),
    }
  }

  @inject()
  async store(
    { request, response, auth, company, membership }: HttpContext,
    clock: Clock,
    createRequest: CreateRetroactiveRequest
  ) {
    const payload = await request.validateUsing(createRetroactiveRequestValidator, {
      meta: hoursMeta(request, clock.now(), company.timezone, 'retroactive'),
    })
    const created = await createRequest.handle(membership, auth.getUserOrFail(), payload)
    return response.created({ data: RetroactiveRequestDto.fromModel(created) })
  }

  @inject()
  async approve({ auth, membership, params }: HttpContext, approve: ApproveRetroactiveRequest) {
    const approved = await approve.handle(membership, auth.getUserOrFail(), params.id)
    return { data: RetroactiveRequestDto.fromModel(approved) }
  }

  @inject()
  async decline(
    { request, auth, membership, params }: HttpContext,
    decline: DeclineRetroactiveRequest
  ) {
    const { declineReason } = await request.validateUsing(declineRetroactiveRequestValidator)
    const declined = await decline.handle(
      membership,
      auth.getUserOrFail(),
      params.id,
      declineReason
    )
    return { data: RetroactiveRequestDto.fromModel(declined) }
  }
}
