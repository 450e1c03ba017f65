import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import Workflow from '#models/workflow'
import ContractTemplate from '#models/contract_template'
import type Company from '#models/company'
import type User from '#models/user'
import ContractEventService from '#services/contracts/event_service'
import ContractRequirementsService from '#services/contracts/requirements_service'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import {
  CLOSED_STATUSES,
  COMMAND_SOURCES,
  COMMAND_TARGETS,
  FILL_INSTRUCTIONS,
  SIGN_INSTRUCTIONS,
  type StatusCommand,
  type StepKey,
} from '#support/contract_rules'
import type { ContractStatus } from '#enums/contract_status'
import type { ContractNotice } from '#events/contract_events'
import Clock from '#services/platform/clock'

/**
 * H9: applies an uppercase command (mapping in docs/decisions.md), checks
 * its rule (409 when the current status does not allow it, 422 when the
 * data is missing), then records the change: history, notifications and
 * webhooks hang off its one `contract:changed` event.
 */
@inject()
export default class ChangeContractStatus {
  constructor(
    protected events: ContractEventService,
    protected requirements: ContractRequirementsService,
    protected clock: Clock
  ) {}

  handle(company: Company, user: User, id: string, command: StatusCommand) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findOwned(company.id, id, trx)
      contract.useTransaction(trx)
      const from = contract.status
      if (!COMMAND_SOURCES[command].includes(from)) {
        throw new ConflictException('errors.command_not_allowed', {
          data: { command, status: from },
        })
      }

      const to = await this.#target(contract, command, trx)
      if (to === 'in_review') await this.#assertReviewers(contract, trx)
      contract.status = to
      if (command === 'PUBLISHED') {
        contract.publishedAt = this.clock.local()
        contract.deadlineAt = await this.#deadline(contract, trx)
      }
      await contract.save()
      if (CLOSED_STATUSES.includes(to)) await ContractPart.settleLinksOf([contract.id], trx)
      await this.#record(contract, user, from, command, trx)
      return contract
    })
  }

  async #target(contract: Contract, command: StatusCommand, trx: TransactionClientContract) {
    if (command !== 'PUBLISHED') return COMMAND_TARGETS[command]
    const step = (contract.currentStep?.key ?? 'parts') as StepKey
    const missing = [
      ...(await this.requirements.missing(contract, 'parts', trx)),
      ...(step === 'parts' ? [] : await this.requirements.missing(contract, step, trx, 'publish')),
    ]
    if (missing.length) {
      throw new UnprocessableException('errors.step_data_missing', {
        data: { step, items: missing },
      })
    }
    return (await this.#needsFilling(contract, trx)) ? 'provider' : 'signature'
  }

  /** Parts fill first (upload / provider variables) when there is something to fill */
  async #needsFilling(contract: Contract, trx: TransactionClientContract) {
    const uploads = await trx
      .from('contract_document_requirements')
      .where('contract_id', contract.id)
      .where('is_download', false)
      .first()
    const variables = await trx
      .from('contract_variable_values')
      .where('contract_id', contract.id)
      .where('source', 'provider')
      .first()
    return Boolean(uploads || variables || (await this.#templateAsksProvider(contract, trx)))
  }

  /** A variable the template declares with source `provider` (no stored value needed) */
  async #templateAsksProvider(contract: Contract, trx: TransactionClientContract) {
    if (!contract.templateId) return false
    const template = await ContractTemplate.query({ client: trx })
      .where('id', contract.templateId)
      .first()
    return (template?.variables ?? []).some((variable) => variable.source === 'provider')
  }

  async #assertReviewers(contract: Contract, trx: TransactionClientContract) {
    const reviewer = await trx.from('contract_reviewers').where('contract_id', contract.id).first()
    if (!reviewer) throw new UnprocessableException('errors.no_reviewer')
  }

  async #deadline(contract: Contract, trx: TransactionClientContract) {
    if (!contract.workflowId) return null
    const workflow = await Workflow.query({ client: trx }).where('id', contract.workflowId).first()
    return workflow?.deadlineDays ? this.clock.local().plus({ days: workflow.deadlineDays }) : null
  }

  async #record(
    contract: Contract,
    user: User,
    from: ContractStatus,
    command: StatusCommand,
    trx: TransactionClientContract
  ) {
    const to = contract.status
    const notices: ContractNotice[] = []
    if (to === 'in_review') {
      const base = await this.events.base(
        contract,
        user,
        { type: 'review_requested', scope: 'action', to: ['reviewers'], path: '/review' },
        trx
      )
      notices.push({
        name: 'contract:review_requested',
        data: { ...base, itemId: null, comment: null, reminder: false },
      })
    }
    if (command === 'PUBLISHED') notices.push(await this.#published(contract, user, trx))
    await this.events.changed({
      contract,
      actorId: user.id,
      history: { type: 'STATUS_CHANGED', payload: { from, to, command } },
      notices,
      webhooks:
        command === 'PUBLISHED'
          ? ['contract.status_changed', 'contract.published']
          : ['contract.status_changed'],
      trx,
    })
  }

  /**
   * The e-mail's link follows the current step (spec, Contract status
   * transitions): upload -> fill, signature -> sign; at another step, the
   * status published into (`provider` fills first).
   */
  async #published(
    contract: Contract,
    user: User,
    trx: TransactionClientContract
  ): Promise<ContractNotice> {
    const step = contract.currentStep?.key as StepKey | undefined
    const fill = step === 'upload' || (step !== 'signature' && contract.status === 'provider')
    const base = await this.events.base(
      contract,
      user,
      {
        type: 'contract_published',
        scope: 'contract',
        to: ['parts'],
        path: fill ? '/fill' : '/sign',
      },
      trx
    )
    const pendingDocuments = fill
      ? await trx
          .from('contract_document_requirements')
          .where('contract_id', contract.id)
          .where('is_download', false)
          .orderBy('position')
          .select('id', 'name')
      : []
    return {
      name: 'contract:published',
      data: {
        ...base,
        mode: fill ? 'fill' : 'sign',
        pendingDocuments,
        instructions: fill ? FILL_INSTRUCTIONS : SIGN_INSTRUCTIONS,
      },
    }
  }
}
