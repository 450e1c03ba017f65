import { DateTime } from 'luxon'
import type { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { Translate } from '#exceptions/error_response'

/**
 * The language of what is sent outside a request (e-mails, notifications,
 * jobs): the recipient's saved locale, else the default (pt-BR).
 */
export function i18nFor(locale?: string | null): I18n {
  const supported = locale && i18nManager.supportedLocales().includes(locale)
  return i18nManager.locale(supported ? locale : i18nManager.defaultLocale)
}

/**
 * Renders a catalogue key in `i18n`'s language; a string that is not a key
 * (a framework's own message, user text) is returned as it is.
 */
export function translator(i18n: I18n): Translate {
  return (key, data) => {
    const found = i18n.resolveIdentifier(key)
    return found ? i18n.formatRawMessage(found.message, data && messageValues(i18n, data)) : key
  }
}

/**
 * A text to render in the recipient's language: a catalogue key and its
 * values. A plain string is someone's own words (a custom message's title)
 * and is shown as it is.
 */
export interface Phrase {
  key: string
  data?: Record<string, unknown>
}
export type Text = string | Phrase

export const phrase = (key: string, data?: Record<string, unknown>): Phrase => ({ key, data })

/**
 * `text` in `i18n`'s language. Values that are phrases render in it too
 * (in lists as well), and dates (Luxon) as the recipient's day.
 */
export function render(i18n: I18n, text: Text): string {
  if (typeof text === 'string') return text
  return i18n.formatMessage(text.key, renderValues(i18n, text.data ?? {}))
}

/** An error message's values: rendered, and a list of items read as one "a; b" value */
function messageValues(i18n: I18n, data: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(renderValues(i18n, data)).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join('; ') : value,
    ])
  )
}

/** `data` with its phrases and dates rendered in `i18n`'s language (a template's values) */
export function renderValues(i18n: I18n, data: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(data).map(([name, value]) => [name, renderValue(i18n, value)])
  )
}

function renderValue(i18n: I18n, value: unknown): unknown {
  if (DateTime.isDateTime(value)) return formatDay(i18n, value)
  if (Array.isArray(value)) return value.map((item) => renderValue(i18n, item))
  if (value && typeof value === 'object' && 'key' in value) return render(i18n, value as Phrase)
  return value
}

/** A day (and time) in the recipient's format: dd/MM/yyyy (HH:mm) in pt-BR, in `date`'s zone */
export function formatDay(i18n: I18n, date: DateTime, withTime = false) {
  const day = date
    .setLocale(i18n.locale)
    .toLocaleString({ day: '2-digit', month: '2-digit', year: 'numeric' })
  return withTime ? `${day} ${date.toFormat('HH:mm')}` : day
}

/** `text` followed by the reason it gives, when there is one ("... Motivo: ...") */
export const withReason = (text: Phrase, reason: string | null | undefined): Phrase =>
  reason ? phrase('notice.with_reason', { text, reason }) : text

/** A member role's name in the reader's language (`notice.role.*`) */
export const roleName = (role: string): Phrase => phrase(`notice.role.${role}`)
