import type { Infer } from '@vinejs/vine/types'
import db from '@adonisjs/lucid/services/db'
import ComplianceFlow from '#models/compliance_flow'
import { writeSteps } from '#services/compliance/step_writer'
import type { createComplianceFlowValidator } from '#validators/compliance_flow'

type Payload = Infer<typeof createComplianceFlowValidator>

/**
 * D3: a new flow, always `draft`, with service-generated ids and steps
 * ordered 1..n.
 */
export default class CreateComplianceFlow {
  handle(companyId: string, payload: Payload) {
    return db.transaction(async (trx) => {
      const flow = await ComplianceFlow.create(
        {
          companyId,
          name: payload.name,
          description: payload.description ?? null,
          status: 'draft',
          providersCount: 0,
        },
        { client: trx }
      )
      await writeSteps(companyId, flow.id, payload.steps ?? [], trx)
      return flow
    })
  }
}
