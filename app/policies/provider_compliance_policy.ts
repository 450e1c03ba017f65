import { BasePolicy } from '@adonisjs/bouncer'
import type { AuthorizerResponse } from '@adonisjs/bouncer/types'
import type User from '#models/user'
import type { ReviewRules } from '#services/compliance/reviewers'

/** Provider compliances: only a step's reviewers may review it (E8) */
export default class ProviderCompliancePolicy extends BasePolicy {
  review(user: User, rules: ReviewRules): AuthorizerResponse {
    return rules.allowed.includes(user.id)
  }
}
