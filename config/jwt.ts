import env from '#start/env'

/**
 * Signing settings of the service's JWTs. HS256 only: verification pins
 * the algorithm, so `alg: none` or an asymmetric downgrade is refused.
 */
const jwtConfig = {
  secret: env.get('JWT_SECRET') ?? env.get('APP_KEY'),
  algorithm: 'HS256' as const,
  issuer: env.get('JWT_ISSUER', 'contract-management'),
  accessTokenTtlSeconds: env.get('ACCESS_TOKEN_TTL_SECONDS', 900),
  refreshTokenTtlDays: env.get('REFRESH_TOKEN_TTL_DAYS', 30),
}

export default jwtConfig
