import { defineConfig } from '@adonisjs/core/bodyparser'

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],

  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
    limit: '1mb',
  },

  json: {
    convertEmptyStringsToNull: false,
    types: [
      'application/json',
      'application/json-patch+json',
      'application/vnd.api+json',
      'application/csp-report',
    ],
    limit: '1mb',
  },

  /**
   * Files are validated per route (size and format); this is only the
   * upper bound of a whole multipart request.
   */
  multipart: {
    autoProcess: true,
    convertEmptyStringsToNull: true,
    processManually: [],
    limit: '25mb',
    types: ['multipart/form-data'],
  },
})

export default bodyParserConfig
