/*
|--------------------------------------------------------------------------
| VineJS setup
|--------------------------------------------------------------------------
*/
import vine from '@vinejs/vine'
import i18nManager from '@adonisjs/i18n/services/main'

/**
 * Messages come from resources/lang/<locale>/validator.json. A request's
 * validation (`request.validateUsing`) reports in the request's language
 * (DetectUserLocaleMiddleware); a validation outside a request (a command,
 * a job) in the default one.
 */
vine.messagesProvider = i18nManager.locale(i18nManager.defaultLocale).createMessagesProvider()
