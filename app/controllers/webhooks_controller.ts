import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CreateWebhook from '#actions/webhooks/create_webhook'
import UpdateWebhook from '#actions/webhooks/update_webhook'
import ListWebhooks from '#actions/webhooks/list_webhooks'
import DeleteWebhook from '#actions/webhooks/delete_webhook'
import RotateWebhookSecret from '#actions/webhooks/rotate_webhook_secret'
import SendWebhookPing from '#actions/webhooks/send_webhook_ping'
import ListWebhookDeliveries from '#actions/webhooks/list_webhook_deliveries'
import RedeliverWebhook from '#actions/webhooks/redeliver_webhook'
import WebhookDto, { WebhookDeliveryDto, type WebhookDeliveryRow } from '#dtos/webhook_dto'
import PaginationMetaDto from '#dtos/pagination_meta_dto'
import WebhookEndpoint from '#models/webhook_endpoint'
import { WEBHOOK_EVENTS } from '#enums/webhook_events'
import {
  createWebhookValidator,
  listWebhooksValidator,
  updateWebhookValidator,
} from '#validators/webhook'

/** Outbound webhooks of the x-company-id company (owner and admin) */
export default class WebhooksController {
  events() {
    return {
      data: Object.entries(WEBHOOK_EVENTS).map(([name, description]) => ({ name, description })),
    }
  }

  @inject()
  async index({ request, company }: HttpContext, list: ListWebhooks) {
    const page = await list.handle(company, await request.validateUsing(listWebhooksValidator))
    return {
      data: page.all().map((endpoint) => WebhookDto.fromModel(endpoint)),
      meta: PaginationMetaDto.fromPaginator(page),
    }
  }

  async show({ params, company }: HttpContext) {
    return { data: WebhookDto.fromModel(await WebhookEndpoint.findOwned(company.id, params.id)) }
  }

  @inject()
  async store({ request, response, company }: HttpContext, create: CreateWebhook) {
    const payload = await request.validateUsing(createWebhookValidator)
    const { endpoint, secret } = await create.handle(company, payload)
    return response.created({ data: WebhookDto.withSecret(endpoint, secret) })
  }

  @inject()
  async update({ request, params, company }: HttpContext, update: UpdateWebhook) {
    const payload = await request.validateUsing(updateWebhookValidator)
    return { data: WebhookDto.fromModel(await update.handle(company, params.id, payload)) }
  }

  @inject()
  async destroy({ params, response, company }: HttpContext, remove: DeleteWebhook) {
    await remove.handle(company, params.id)
    return response.noContent()
  }

  @inject()
  async rotateSecret({ params, company }: HttpContext, rotate: RotateWebhookSecret) {
    const { endpoint, secret } = await rotate.handle(company, params.id)
    return { data: WebhookDto.withSecret(endpoint, secret) }
  }

  @inject()
  async test({ params, response, company }: HttpContext, ping: SendWebhookPing) {
    const delivery = await ping.handle(company, params.id)
    return response.accepted({ data: WebhookDeliveryDto.fromModel(delivery as WebhookDeliveryRow) })
  }

  @inject()
  async deliveries({ request, params, company }: HttpContext, list: ListWebhookDeliveries) {
    const filters = await request.validateUsing(listWebhooksValidator)
    const page = await list.handle(company, params.id, filters)
    return {
      data: page.all().map((row) => WebhookDeliveryDto.fromModel(row as WebhookDeliveryRow)),
      meta: PaginationMetaDto.fromPaginator(page),
    }
  }

  @inject()
  async redeliver({ params, response, company }: HttpContext, redeliver: RedeliverWebhook) {
    const delivery = await redeliver.handle(company, params.id, params.deliveryId)
    return response.accepted({ data: WebhookDeliveryDto.fromModel(delivery as WebhookDeliveryRow) })
  }
}
