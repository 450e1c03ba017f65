import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ChangeContractStatus from '#actions/contracts/change_contract_status'
import CompleteContractStep from '#actions/contracts/complete_contract_step'
import CancelContract from '#actions/contracts/cancel_contract'
import {
  cancelContractValidator,
  changeContractStatusValidator,
  completeStepValidator,
} from '#validators/contract'

export default class ContractStatusController {
  /** H9: PATCH /contracts/:id/status */
  @inject()
  async update({ request, params, auth, company }: HttpContext, change: ChangeContractStatus) {
    const { status } = await request.validateUsing(changeContractStatusValidator)
    const contract = await change.handle(company, auth.getUserOrFail(), params.id, status)
    return { data: { id: contract.id, status: contract.status } }
  }

  /** H8: PATCH /contracts/:id/steps/:stepKey/complete */
  @inject()
  async completeStep(
    { request, params, auth, company }: HttpContext,
    complete: CompleteContractStep
  ) {
    const { params: valid } = await request.validateUsing(completeStepValidator)
    return { data: await complete.handle(company, auth.getUserOrFail(), params.id, valid.stepKey) }
  }

  /** PATCH /contracts/:id/cancel */
  @inject()
  async cancel({ request, params, auth, company }: HttpContext, cancel: CancelContract) {
    const { reason } = await request.validateUsing(cancelContractValidator)
    const contract = await cancel.handle(company, auth.getUserOrFail(), params.id, reason ?? null)
    return { data: { id: contract.id, status: contract.status } }
  }
}
