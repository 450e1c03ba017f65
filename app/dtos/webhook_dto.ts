import type WebhookEndpoint from '#models/webhook_endpoint'
import type Delivery from '#models/delivery'

/**
 * A webhook endpoint. `secret` only in the answers of create
 * and rotate-secret (the action passes the secret in clear there).
 */
export default class WebhookDto {
  static fromModel(endpoint: WebhookEndpoint) {
    return {
      id: endpoint.id,
      url: endpoint.url,
      events: endpoint.events,
      description: endpoint.description,
      isActive: endpoint.isActive,
      disabledAt: endpoint.disabledAt?.toISO() ?? null,
      createdAt: endpoint.createdAt.toISO()!,
      updatedAt: endpoint.updatedAt.toISO()!,
    }
  }

  static withSecret(endpoint: WebhookEndpoint, secret: string) {
    return { ...WebhookDto.fromModel(endpoint), secret }
  }
}

/** The outbox row of a webhook delivery with its event's type */
export type WebhookDeliveryRow = Delivery & { $extras: { event_type: string } }

/**
 * One delivery of GET /webhooks/:id/deliveries: the outbox state read for
 * integrators (sent = delivered; pending after a failed attempt = failed,
 * still retried; skipped = dead, never sent since the endpoint was off).
 */
export class WebhookDeliveryDto {
  static status(delivery: Delivery) {
    if (delivery.status === 'sent') return 'delivered' as const
    if (delivery.status === 'pending') return delivery.attempts > 0 ? 'failed' : 'pending'
    return 'dead' as const
  }

  static fromModel(delivery: WebhookDeliveryRow) {
    return {
      id: delivery.id,
      eventId: delivery.webhookEventId!,
      event: delivery.$extras.event_type,
      status: WebhookDeliveryDto.status(delivery),
      attempts: delivery.attempts,
      responseStatus: delivery.responseStatus,
      lastError: delivery.lastError,
      nextAttemptAt: delivery.status === 'pending' ? delivery.nextAttemptAt.toISO() : null,
      createdAt: delivery.createdAt.toISO()!,
      deliveredAt: delivery.sentAt?.toISO() ?? null,
    }
  }
}
