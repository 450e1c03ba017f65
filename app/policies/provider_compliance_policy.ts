import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import AppPolicy from '#policies/base_policy'

/**
 * Provider compliances: only a step's reviewers may review it (E8). The
 * caller passes the step's review rules (reviewRules() of
 * services/compliance/reviewers.ts); a policy imports no service.
 */
export default class ProviderCompliancePolicy extends AppPolicy {
  review(user: User, rules: { allowed: readonly string[] }): AuthorizerResponse {
    return rules.allowed.includes(user.id)
  }
}
