/*
|--------------------------------------------------------------------------
| HTTP kernel
|--------------------------------------------------------------------------
*/
import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'
/** `.gate(...)` on the routes of start/routes/*, which import this kernel */
import '#support/route_gates'

server.errorHandler(() => import('#exceptions/handler'))

/**
 * Run on every request, even when no route matches.
 */
server.use([
  () => import('#middleware/request_observer_middleware'),
  () => import('#middleware/security_headers_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/detect_user_locale_middleware'),
  () => import('#middleware/force_json_response_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
])

/**
 * Run on every request that matches a route.
 */
router.use([
  () => import('@adonisjs/core/bodyparser_middleware'),
  () => import('#middleware/input_hygiene_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/initialize_bouncer_middleware'),
  () => import('#middleware/audit_context_middleware'),
  () => import('#middleware/idempotency_middleware'),
  () => import('#middleware/conditional_get_middleware'),
])

export const middleware = router.named({
  auth: () => import('#middleware/auth_middleware'),
  company: () => import('#middleware/company_context_middleware'),
  role: () => import('#middleware/role_middleware'),
  onboardingToken: () => import('#middleware/onboarding_token_middleware'),
  pathIds: () => import('#middleware/path_ids_middleware'),
  versionedGet: () => import('#middleware/versioned_get_middleware'),
})
