import { DateTime } from 'luxon'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ContractTemplate from '#models/contract_template'
import Workflow from '#models/workflow'
import type Company from '#models/company'
import type User from '#models/user'
import SyncContractParts from '#actions/contracts/sync_contract_parts'
import SyncContractStructure from '#actions/contracts/sync_contract_structure'
import ContractEventService from '#services/contracts/event_service'
import SignatureEvents from '#services/contracts/signature_events'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import type { saveContractValidator } from '#validators/contract'
import { EDITABLE_STATUSES } from '#support/contract_rules'
import type { ContractNotice } from '#events/contract_events'

type Payload = Infer<typeof saveContractValidator>

/** Snapshot keys kept as jsonb (the rest lives in tables) */
const SNAPSHOT_KEYS = ['steps', 'selectedTemplate', 'modelConfig'] as const

/**
 * H3 / H4: saves the complete snapshot in one transaction. Keys absent
 * from the payload keep their stored value (partial saves); `status` is
 * ignored (status moves through H8 / H9 / signatures only).
 */
@inject()
export default class SaveContract {
  constructor(protected events: ContractEventService) {}

  handle(company: Company, user: User, payload: Payload, contractId?: string) {
    return db.transaction(async (trx) => {
      /**
       * What the payload alone decides is checked before the contract's row
       * is locked (its parties are linked, its workflow and template are the
       * company's): a concurrent save of the same contract waits only for
       * the writes.
       */
      const parts = payload.parts
        ? await SyncContractParts.checked(company.id, payload.parts, trx)
        : undefined
      const askedWorkflow = payload.workflowId
        ? await this.#workflow(company, payload.workflowId, trx)
        : undefined
      const askedTemplateId = await this.#askedTemplateId(company, payload, trx)

      const contract = contractId
        ? await Contract.findOwned(company.id, contractId, trx)
        : new Contract()
      if (contract.$isPersisted && !EDITABLE_STATUSES.includes(contract.status)) {
        throw new ConflictException('errors.contract_not_editable', {
          data: { status: contract.status },
        })
      }
      contract.useTransaction(trx)

      const workflow = askedWorkflow ?? (await this.#workflow(company, contract.workflowId, trx))
      contract.merge({
        companyId: company.id,
        name: payload.name,
        workflowId: workflow?.id ?? null,
        templateId: askedTemplateId === undefined ? (contract.templateId ?? null) : askedTemplateId,
        snapshot: this.#snapshot(contract, payload),
        ...(contract.$isPersisted
          ? {}
          : { status: 'draft' as const, progress: 0, createdBy: user.id }),
        ...this.#columns(payload),
      })
      /** The validator compares the dates of one payload; a partial save meets the stored one */
      if (contract.startDate && contract.endDate && contract.endDate < contract.startDate) {
        throw new UnprocessableException('errors.end_before_start')
      }
      await contract.save()

      const synced = parts
        ? await new SyncContractParts().handle(contract, workflow, parts, trx, payload.parts)
        : undefined
      const { newSignerIds } = await new SyncContractStructure().handle(
        contract,
        payload,
        trx,
        synced
      )

      const created = !contractId
      const notices: ContractNotice[] = created
        ? [
            {
              name: 'contract:created',
              data: await this.events.base(
                contract,
                user,
                { type: 'contract_created', scope: 'contract', to: ['members'] },
                trx
              ),
            },
          ]
        : []
      await this.events.changed({
        contract,
        actorId: user.id,
        history: { type: created ? 'CREATED' : 'UPDATED' },
        notices,
        webhooks: created ? ['contract.created'] : [],
        trx,
      })
      if (newSignerIds.length) await this.#signatoriesAdded(contract, user, newSignerIds, trx)
      return contract
    })
  }

  async #signatoriesAdded(
    contract: Contract,
    user: User,
    memberIds: string[],
    trx: TransactionClientContract
  ) {
    await new SignatureEvents(this.events).signatoriesAdded(contract, user, memberIds, trx)
  }

  async #workflow(company: Company, id: string | null | undefined, trx: TransactionClientContract) {
    if (!id) return null
    const workflow = await Workflow.query({ client: trx })
      .withScopes((scopes) => scopes.ownedBy(company.id))
      .where('workflows.id', id)
      .first()
    if (!workflow) throw new UnprocessableException('errors.workflow_not_found')
    return workflow
  }

  /** The template the payload names (422 when not the company's), null when it clears it, undefined when it says nothing */
  async #askedTemplateId(company: Company, payload: Payload, trx: TransactionClientContract) {
    const id = payload.modelConfig?.templateId ?? payload.selectedTemplate?.id
    if (id === undefined || id === null) {
      const cleared = payload.modelConfig !== undefined || payload.selectedTemplate !== undefined
      return cleared ? null : undefined
    }
    const template = await ContractTemplate.query({ client: trx })
      .withScopes((scopes) => scopes.ownedBy(company.id))
      .where('id', id)
      .first()
    if (!template) throw new UnprocessableException('errors.template_not_found')
    return template.id
  }

  #snapshot(contract: Contract, payload: Payload) {
    const snapshot: Record<string, unknown> = { ...(contract.snapshot ?? {}) }
    for (const key of SNAPSHOT_KEYS) {
      if (payload[key] !== undefined) snapshot[key] = payload[key]
    }
    if (payload.modelConfig) {
      const modelConfig: Record<string, unknown> = { ...payload.modelConfig }
      delete modelConfig.partGroups
      snapshot.modelConfig = modelConfig
    }
    return snapshot
  }

  #columns(payload: Payload) {
    const columns: Partial<Contract> = {}
    if (payload.ref !== undefined) columns.ref = payload.ref
    if (payload.description !== undefined) columns.description = payload.description
    if (payload.progress !== undefined) columns.progress = payload.progress
    if (payload.currentStep !== undefined) columns.currentStep = payload.currentStep
    if (payload.startDate !== undefined) columns.startDate = toDate(payload.startDate)
    if (payload.endDate !== undefined) columns.endDate = toDate(payload.endDate)
    return columns
  }
}

function toDate(value: Date | null) {
  return value ? DateTime.fromJSDate(value).startOf('day') : null
}
