import { Exception } from '@adonisjs/core/exceptions'

/** A dependency the request needs is not configured or not reachable */
export default class ServiceUnavailableException extends Exception {
  static status = 503
  static code = 'E_SERVICE_UNAVAILABLE'
}
