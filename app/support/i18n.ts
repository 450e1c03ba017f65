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
    return found ? i18n.formatRawMessage(found.message, data) : key
  }
}
