import { DUE_STEP_SQL } from '#services/compliance/schedule'

/**
 * Whether an attachment (alias `a`) of an active flow matching
 * `attachmentFilter` lacks a step compliance of a step due in `:year`/
 * `:month`: the read that lets C1/C2 skip the write transaction of the
 * month's generation when it is complete (the usual case). Shared by
 * GenerateMonthlyCompliances and C1's one statement.
 */
export const missingCompliancesSql = (attachmentFilter: string) => `EXISTS (
  SELECT 1 FROM provider_compliance_flows a
    JOIN compliance_flows f ON f.id = a.flow_id AND f.status = 'active'
    JOIN compliance_steps s ON s.flow_id = a.flow_id
   WHERE a.detached_at IS NULL ${attachmentFilter} AND ${DUE_STEP_SQL}
     AND NOT EXISTS (
       SELECT 1 FROM provider_compliances pc
         JOIN step_compliances sc ON sc.provider_compliance_id = pc.id AND sc.step_id = s.id
        WHERE pc.provider_compliance_flow_id = a.id
          AND pc.year = :year AND pc.month = :month))`
