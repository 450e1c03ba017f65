import { randomUUID } from 'node:crypto'
import type { Infer } from '@vinejs/vine/types'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import { UnprocessableException } from '#exceptions/http_exceptions'
import type { saveContractValidator } from '#validators/contract'
import { syncContractRows } from '#support/sync_rows'
import { BORROWER_SIDE_ROLES } from '#enums/roles'
import SyncSignatureGroups from '#actions/contracts/sync_signature_groups'

type Payload = Infer<typeof saveContractValidator>

const DEFAULT_MAX_FILE_SIZE = 10 * 1024 * 1024

/**
 * Persists the structured parts of the save payload in their tables:
 * part groups, variable values, document requirements, reviewers and
 * signature groups / members. A key absent from the payload leaves its
 * rows untouched; a key present replaces them (ids are kept).
 */
export default class SyncContractStructure {
  /** `parts`: the contract's parts when the caller just synced them (else read here) */
  async handle(
    contract: Contract,
    payload: Payload,
    trx: TransactionClientContract,
    parts?: ContractPart[]
  ) {
    const groups = payload.partGroups ?? payload.modelConfig?.partGroups
    /** Only a payload that names a part needs the contract's parts ([]: nothing to read) */
    const namesPart =
      groups?.some((group) => group.partIds?.length) ||
      payload.variableValues?.some((variable) => variable.partId)
    const partRef = await this.#partResolver(contract, trx, namesPart ? parts : [])
    const groupIds = new Set<string>()

    if (groups) {
      const rows = groups.map((group, position) => {
        const id = group.id ?? randomUUID()
        groupIds.add(id)
        return {
          id,
          name: group.name,
          part_ids: (group.partIds ?? []).map((ref) => partRef(ref)),
          position,
        }
      })
      await syncContractRows(trx, 'contract_part_groups', contract.id, rows)
    } else if (payload.variableValues?.some((variable) => variable.groupId)) {
      /** Only variables naming a group need the stored groups */
      const stored = await trx
        .from('contract_part_groups')
        .where('contract_id', contract.id)
        .select('id')
      stored.forEach((row) => groupIds.add(row.id))
    }

    if (payload.variableValues) {
      const rows = payload.variableValues.map((variable, position) => {
        if (variable.groupId && !groupIds.has(variable.groupId)) {
          throw new UnprocessableException('errors.part_group_not_found', {
            data: { id: variable.groupId },
          })
        }
        return {
          id: variable.id ?? randomUUID(),
          name: variable.name,
          type: variable.type ?? 'text',
          source: variable.source ?? 'borrower',
          required: variable.required ?? false,
          value: variable.value ?? '',
          additional:
            variable.additional === undefined ? null : JSON.stringify(variable.additional),
          part_id: variable.partId ? partRef(variable.partId) : null,
          group_id: variable.groupId ?? null,
          position,
        }
      })
      await syncContractRows(trx, 'contract_variable_values', contract.id, rows)
    }

    if (payload.documents) {
      const rows = payload.documents.map((document, position) => ({
        id: document.id ?? randomUUID(),
        name: document.name,
        description: document.description ?? null,
        is_download: document.isDownload,
        is_required: document.isRequired ?? true,
        accepted_formats: JSON.stringify(
          (document.acceptedFormats ?? []).map((format) => format.replace(/^\./, ''))
        ),
        max_file_size: document.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
        position,
      }))
      const missingFormats = payload.documents.find(
        (document) => !document.isDownload && !document.acceptedFormats?.length
      )
      if (missingFormats) {
        throw new UnprocessableException('errors.accepted_formats_required')
      }
      await syncContractRows(trx, 'contract_document_requirements', contract.id, rows)
    }

    if (payload.revisionConfig) await this.#syncReviewers(contract, payload, trx)
    if (!payload.signatureConfig) return { newSignerIds: [] as string[] }
    const groupsInput = payload.signatureConfig.groups
    return { newSignerIds: await new SyncSignatureGroups().handle(contract, groupsInput, trx) }
  }

  /** Part references accept the contract part id or the party id (company / user) */
  async #partResolver(contract: Contract, trx: TransactionClientContract, known?: ContractPart[]) {
    const parts =
      known ?? (await ContractPart.query({ client: trx }).where('contract_id', contract.id))
    const refs = new Map<string, string>()
    for (const part of parts) {
      refs.set(part.id, part.id)
      refs.set(part.providerId, part.id)
    }
    return (ref: string) => {
      const id = refs.get(ref)
      if (!id) throw new UnprocessableException('errors.part_ref_not_found', { data: { ref } })
      return id
    }
  }

  async #syncReviewers(contract: Contract, payload: Payload, trx: TransactionClientContract) {
    const reviewers = payload.revisionConfig!.reviewers
    const userIds = reviewers.map((reviewer) => reviewer.userId)
    if (new Set(userIds).size !== userIds.length) {
      throw new UnprocessableException('errors.reviewer_twice')
    }
    if (userIds.length) {
      const members = await trx
        .from('company_members')
        .where('company_id', contract.companyId)
        .whereIn('user_id', userIds)
        .whereIn('role', [...BORROWER_SIDE_ROLES])
        .select('user_id')
      const missing = userIds.find((id) => !members.some((member) => member.user_id === id))
      if (missing)
        throw new UnprocessableException('errors.reviewer_not_member', { data: { id: missing } })
    }
    const existing = await trx
      .from('contract_reviewers')
      .where('contract_id', contract.id)
      .select('id', 'user_id')
    const rows = reviewers.map((reviewer, position) => ({
      id:
        reviewer.id ?? existing.find((row) => row.user_id === reviewer.userId)?.id ?? randomUUID(),
      user_id: reviewer.userId,
      is_required: reviewer.isRequired ?? true,
      position: reviewer.order ?? position + 1,
    }))
    await syncContractRows(trx, 'contract_reviewers', contract.id, rows)
  }
}
