import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Contract from '#models/contract'
import ContractHistory from '#models/contract_history'
import type Company from '#models/company'
import type User from '#models/user'
import ContractRequirementsService from '#services/contracts/requirements_service'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import {
  AUTHORING_STATUSES,
  EDITABLE_STATUSES,
  STATUS_AFTER_STEP,
  STEP_KEYS,
  type StepKey,
} from '#support/contract_rules'

interface StepSnapshot {
  key: StepKey
  status?: string
  progress?: number
  [key: string]: unknown
}

/**
 * H8: marks a step complete once its required data is filled (422
 * otherwise): the snapshot step becomes `completed` (progress 100), the
 * contract progress is the mean of the steps, the current step moves to
 * the next one and an authoring contract advances on the board.
 */
@inject()
export default class CompleteContractStep {
  constructor(protected requirements: ContractRequirementsService) {}

  handle(company: Company, user: User, id: string, stepKey: StepKey) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      contract.useTransaction(trx)
      if (!EDITABLE_STATUSES.includes(contract.status)) {
        throw new ConflictException('errors.contract_no_open_steps', {
          data: { status: contract.status },
        })
      }
      const missing = await this.requirements.missing(contract, stepKey, trx)
      if (missing.length) {
        throw new UnprocessableException('errors.step_data_missing', {
          data: { step: stepKey, items: missing },
        })
      }

      const snapshot = { ...contract.snapshot }
      const steps = [...((snapshot.steps as StepSnapshot[] | undefined) ?? [])]
      const index = steps.findIndex((step) => step.key === stepKey)
      const completed = {
        ...(steps[index] ?? { key: stepKey }),
        status: 'completed',
        progress: 100,
      }
      if (index === -1) steps.push(completed)
      else steps[index] = completed
      snapshot.steps = steps

      const keys = steps.length ? steps.map((step) => step.key) : [...STEP_KEYS]
      const next = keys[keys.indexOf(stepKey) + 1] ?? stepKey
      contract.snapshot = snapshot
      contract.currentStep = { key: next, index: keys.indexOf(next) }
      contract.progress = Math.round(
        steps.reduce((sum, step) => sum + Number(step.progress ?? 0), 0) / steps.length
      )
      const from = contract.status
      const advance = STATUS_AFTER_STEP[stepKey]
      if (advance && AUTHORING_STATUSES.includes(from)) contract.status = advance
      await contract.save()

      await ContractHistory.create(
        {
          contractId: contract.id,
          type: 'STEP_COMPLETED',
          actorId: user.id,
          payload: { stepKey, from, to: contract.status },
        },
        { client: trx }
      )
      return { success: true as const, stepKey }
    })
  }
}
