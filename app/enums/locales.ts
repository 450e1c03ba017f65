/** The locales the service speaks, the default (pt-BR) first (config/i18n.ts) */
export const LOCALES = ['pt-BR', 'en'] as const
export type Locale = (typeof LOCALES)[number]
