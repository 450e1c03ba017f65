import app from '@adonisjs/core/services/app'
import { defineConfig, formatters, loaders } from '@adonisjs/i18n'
import { LOCALES } from '#enums/locales'

/**
 * Portuguese is the service's language (the spec's messages are given in
 * it); English is served when `Accept-Language` asks for it. The catalogue
 * is resources/lang/<locale>/*.json, one file per area (errors, validator,
 * mail, notifications, onboarding), the same keys in both locales.
 */
const i18nConfig = defineConfig({
  defaultLocale: LOCALES[0],
  supportedLocales: [...LOCALES],
  fallbackLocales: { en: 'pt-BR' },
  formatter: formatters.icu(),
  loaders: [loaders.fs({ location: app.languageFilesPath() })],
})

export default i18nConfig
