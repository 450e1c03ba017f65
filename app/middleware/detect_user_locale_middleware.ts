import { I18n } from '@adonisjs/i18n'
import i18nManager from '@adonisjs/i18n/services/main'
import type { NextFn } from '@adonisjs/core/types/http'
import { type HttpContext, RequestValidator } from '@adonisjs/core/http'

/**
 * The answer's language: the best match of `Accept-Language` among the
 * supported locales, else the default (pt-BR). Only the header decides: a
 * request speaks the client's language; a user's saved locale is for what
 * is sent outside a request (e-mails, notifications). Runs on every request
 * (server middleware), so a 404 of an unknown route is translated too.
 */
export default class DetectUserLocaleMiddleware {
  /** `request.validateUsing` reports in the request's language (validator.json) */
  static {
    RequestValidator.messagesProvider = (ctx) => ctx.i18n.createMessagesProvider()
  }

  async handle(ctx: HttpContext, next: NextFn) {
    const locale = i18nManager.getSupportedLocaleFor(ctx.request.languages())
    ctx.i18n = i18nManager.locale(locale ?? i18nManager.defaultLocale)
    ctx.containerResolver.bindValue(I18n, ctx.i18n)
    ctx.response.header('Content-Language', ctx.i18n.locale)
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    i18n: I18n
  }
}
