import { defineConfig } from '@adonisjs/core/bodyparser'

/** Content types of JSON bodies */
export const JSON_TYPES = [
  'application/json',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/csp-report',
]

const bodyParserConfig = defineConfig({
  allowedMethods: ['POST', 'PUT', 'PATCH', 'DELETE'],

  form: {
    convertEmptyStringsToNull: true,
    types: ['application/x-www-form-urlencoded'],
    limit: '1mb',
  },

  /**
   * JSON bodies are read as text (with the limit below) and parsed by the
   * input hygiene middleware, not here: the framework's JSON parser
   * deep-clones what it parses recursively (and its reviver recurses too),
   * so a body nested thousands of levels overflowed the stack before any
   * check ran. The middleware measures the depth on the text first.
   */
  json: {
    types: [],
  },
  raw: {
    types: [...JSON_TYPES, 'text/*'],
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
