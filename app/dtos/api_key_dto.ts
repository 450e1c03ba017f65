import type { DateTime } from 'luxon'
import type ApiKey from '#models/api_key'

/** An API key of GET/POST /api-keys; `secret` only in the answers of create and rotate */
export default class ApiKeyDto {
  static status(key: ApiKey, now: DateTime) {
    if (key.revokedAt) return 'revoked' as const
    if (key.expiresAt && key.expiresAt <= now) return 'expired' as const
    return 'active' as const
  }

  static fromModel(key: ApiKey, now: DateTime) {
    return {
      id: key.id,
      name: key.name,
      prefix: key.prefix,
      permissions: key.permissions,
      status: ApiKeyDto.status(key, now),
      expiresAt: key.expiresAt?.toISO() ?? null,
      lastUsedAt: key.lastUsedAt?.toISO() ?? null,
      revokedAt: key.revokedAt?.toISO() ?? null,
      createdAt: key.createdAt.toISO()!,
    }
  }

  static withSecret(key: ApiKey, secret: string, now: DateTime) {
    return { ...ApiKeyDto.fromModel(key, now), secret }
  }
}
