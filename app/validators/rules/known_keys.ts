import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'

interface Options {
  allowed: readonly string[]
  /** Keys refused with their own message (for example mandatory types) */
  refused?: { keys: readonly string[]; message: string }
}

/**
 * Fails when an object carries a key outside `allowed` (VineJS would
 * silently drop it), naming the key in the message.
 */
export const knownKeysRule = vine.createRule(
  (value: unknown, options: Options, field: FieldContext) => {
    if (!value || typeof value !== 'object') return
    for (const key of Object.keys(value)) {
      if (options.refused?.keys.includes(key)) {
        field.report(options.refused.message, 'knownKeys', field, { key, reason: 'mandatory' })
        return
      }
      if (!options.allowed.includes(key)) {
        field.report('The {{ field }} field has an unknown key "{{ key }}"', 'knownKeys', field, {
          key,
          reason: 'unknown',
        })
        return
      }
    }
  }
)
