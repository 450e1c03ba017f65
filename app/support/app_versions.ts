/**
 * Mobile app versions (spec: AppVersion, K. App version check).
 */
export const APP_PLATFORMS = ['ios', 'android'] as const
export type AppPlatform = (typeof APP_PLATFORMS)[number]

export const APP_VERSION_TYPES = ['feature', 'bug_fix', 'release'] as const
export type AppVersionType = (typeof APP_VERSION_TYPES)[number]

export const APP_VERSION_DELIVERIES = ['store', 'ota'] as const
export type AppVersionDelivery = (typeof APP_VERSION_DELIVERIES)[number]

/**
 * Strict semver without pre-release or build metadata: `1.2.3`. Each part
 * has at most 9 digits so that it fits the integer sort key.
 */
export const STRICT_SEMVER = /^(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})$/

export interface SemverKey {
  major: number
  minor: number
  patch: number
}

/** `1.2.3` -> {major: 1, minor: 2, patch: 3}; null when not strict semver */
export function semverKey(version: string): SemverKey | null {
  const match = STRICT_SEMVER.exec(version)
  if (!match) return null
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) }
}
