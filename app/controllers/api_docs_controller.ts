import { createRequire } from 'node:module'
import type { HttpContext } from '@adonisjs/core/http'
import { openApiDocument } from '#services/platform/openapi_document'
import { NotFoundException } from '#exceptions/http_exceptions'

const swaggerUiDir = createRequire(import.meta.url)
  .resolve('swagger-ui-dist/package.json')
  .replace(/package\.json$/, '')

/** The only files of swagger-ui-dist the page needs */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
}

/**
 * Starts Swagger UI; served as an asset rather than inline so that the
 * page's CSP needs no 'unsafe-inline'. No validator badge: it would send
 * the document's URL to validator.swagger.io.
 */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
})
`

/**
 * The page runs only its own assets: scripts and styles from this origin,
 * images from it or inline data: URIs (the icons in swagger-ui.css), fetch
 * only to this API; it cannot be framed, post forms or change its base URL.
 */
const PAGE_CSP = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <title>Contract Management API</title>
  <link rel="stylesheet" href="/api/v1/docs/assets/swagger-ui.css" />
</head>
<body>
  <div id="reference"></div>
  <script src="/api/v1/docs/assets/swagger-ui-bundle.js"></script>
  <script src="/api/v1/docs/assets/reference.js"></script>
</body>
</html>`

export default class ApiDocsController {
  /** GET /openapi.json */
  async document() {
    return openApiDocument()
  }

  /** GET /docs: the reference page; its assets come from npm, no CDN */
  async page({ response }: HttpContext) {
    response.header('content-type', 'text/html; charset=utf-8')
    response.header('content-security-policy', PAGE_CSP)
    return response.send(PAGE)
  }

  /** GET /docs/assets/:file */
  async asset({ params, response }: HttpContext) {
    if (params.file === 'reference.js') {
      response.header('content-type', 'application/javascript; charset=utf-8')
      return response.send(INIT_SCRIPT)
    }
    const contentType = ASSETS[params.file]
    if (!contentType) throw new NotFoundException('errors.asset_not_found')
    response.header('content-type', contentType)
    response.header('cache-control', 'public, max-age=86400')
    return response.download(`${swaggerUiDir}${params.file}`)
  }
}
