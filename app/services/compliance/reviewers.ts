import type { StepShape } from '#dtos/compliance_flow_dto'

export interface ReviewRules {
  /** Users who may review the step (403 for anyone else) */
  allowed: string[]
  /** Users whose approval counts */
  approvers: string[]
  /** Every approver must approve (else one approval is enough) */
  everyone: boolean
}

/**
 * Who reviews a step of a provider (decisions.md, Compliance):
 * - the step's validators, plus the provider's immediate leaders for the
 *   step when includeImmediateLeadership (none configured: validators only);
 * - onlyImmediateLeadershipRequired: only a leader's approval counts;
 * - allValidatorsRequired: every validator and leader must approve.
 * A rejection by anyone allowed rejects at once.
 */
export function reviewRules(
  step: Pick<
    StepShape,
    | 'validators'
    | 'includeImmediateLeadership'
    | 'onlyImmediateLeadershipRequired'
    | 'allValidatorsRequired'
  >,
  leaderIds: string[]
): ReviewRules {
  const validators = step.validators.map((validator) => validator.userId)
  const leaders = step.includeImmediateLeadership ? leaderIds : []
  const allowed = [...new Set([...validators, ...leaders])]
  if (step.allValidatorsRequired) return { allowed, approvers: allowed, everyone: true }
  if (step.onlyImmediateLeadershipRequired && leaders.length) {
    return { allowed, approvers: leaders, everyone: false }
  }
  return { allowed, approvers: allowed, everyone: false }
}

/** Whether the approvals given complete the review */
export function isApproved(rules: ReviewRules, approvedBy: Set<string>) {
  if (!rules.approvers.length) return false
  return rules.everyone
    ? rules.approvers.every((userId) => approvedBy.has(userId))
    : rules.approvers.some((userId) => approvedBy.has(userId))
}
