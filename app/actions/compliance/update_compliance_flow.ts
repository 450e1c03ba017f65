import { inject } from '@adonisjs/core'
import type { Infer } from '@vinejs/vine/types'
import db from '@adonisjs/lucid/services/db'
import { ConflictException } from '#exceptions/http_exceptions'
import ComplianceFlow from '#models/compliance_flow'
import { writeSteps } from '#services/compliance/step_writer'
import type { FlowStatus } from '#support/compliance'
import type { updateComplianceFlowValidator } from '#validators/compliance_flow'
import Clock from '#services/platform/clock'

type Payload = Infer<typeof updateComplianceFlowValidator>

/** The only moves of a flow: draft -> active -> archived */
const NEXT_STATUS: Record<FlowStatus, FlowStatus | null> = {
  draft: 'active',
  active: 'archived',
  archived: null,
}

/**
 * D4: partial update. `steps` replaces every step (or only reorders them
 * when each item is `{id, order}`); a status other than the next one is
 * 409 and nothing changes. Sending the current status is a no-op.
 */
@inject()
export default class UpdateComplianceFlow {
  constructor(protected clock: Clock) {}

  handle(companyId: string, id: string, payload: Payload) {
    return db.transaction(async (trx) => {
      const flow = await ComplianceFlow.findOwned(companyId, id, trx)
      if (
        payload.status &&
        payload.status !== flow.status &&
        NEXT_STATUS[flow.status] !== payload.status
      ) {
        throw new ConflictException('errors.flow_transition', {
          data: { from: flow.status, to: payload.status! },
        })
      }
      if (payload.steps) await writeSteps(companyId, flow.id, payload.steps, trx)
      flow.useTransaction(trx).merge({
        name: payload.name ?? flow.name,
        description: payload.description === undefined ? flow.description : payload.description,
        status: payload.status ?? flow.status,
        /** updatedAt moves even when only the steps changed */
        updatedAt: this.clock.local(),
      })
      return flow.save()
    })
  }
}
