import { LocalizedException } from '#exceptions/http_exceptions'

/** A dependency the request needs is not configured or not reachable */
export default class ServiceUnavailableException extends LocalizedException {
  static status = 503
  static code = 'E_SERVICE_UNAVAILABLE'
}
