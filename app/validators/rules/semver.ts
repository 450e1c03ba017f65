import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { STRICT_SEMVER } from '#support/app_versions'

/** Strict semver `x.y.z` (no pre-release, no build metadata) */
export const semverRule = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    if (typeof value !== 'string') return
    if (!STRICT_SEMVER.test(value)) {
      field.report('The {{ field }} field must be a semantic version (x.y.z)', 'semver', field)
    }
  }
)

export const semverField = () => vine.string().trim().use(semverRule())
