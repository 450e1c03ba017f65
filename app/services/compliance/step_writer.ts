import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { UnprocessableException } from '#exceptions/http_exceptions'
import ComplianceStep from '#models/compliance_step'
import ComplianceDocumentRequirement from '#models/compliance_document_requirement'
import ComplianceStepValidator from '#models/compliance_step_validator'
import { assertBorrowerSideUsers } from '#services/compliance/members'
import { DOCUMENT_FORMATS } from '#support/compliance'
import type { NewStepInput, ReplacingStepInput } from '#validators/compliance_flow'

type FullStep = NewStepInput & { id?: string }
type OrderOnly = { id: string; order?: number }

const isFullStep = (step: ReplacingStepInput | FullStep): step is FullStep => 'title' in step

/** The steps sorted by their `order` (stable), so that positions become 1..n */
function sortByOrder<T extends { order?: number }>(steps: T[]): T[] {
  return steps
    .map((step, index) => ({ step, key: step.order ?? index + 1, index }))
    .sort((a, b) => a.key - b.key || a.index - b.index)
    .map(({ step }) => step)
}

/**
 * Step rules of D3 that the schema cannot express: stepType vs documents /
 * platformDataTypes and the leadership flags (decisions.md, Compliance).
 */
function normalize(step: FullStep) {
  const label = { step: step.title }
  const documents = step.documents ?? []
  const platformDataTypes = step.platformDataTypes ?? []
  if (step.stepType === 'documents' && platformDataTypes.length) {
    throw new UnprocessableException('errors.step_platform_types_on_documents', { data: label })
  }
  if (step.stepType === 'platformData' && documents.length) {
    throw new UnprocessableException('errors.step_documents_on_platform_data', { data: label })
  }
  if (step.stepType === 'platformData' && !platformDataTypes.length) {
    throw new UnprocessableException('errors.step_platform_data_types_required', { data: label })
  }
  const allValidatorsRequired = step.allValidatorsRequired ?? false
  const onlyImmediateLeadershipRequired =
    allValidatorsRequired || (step.onlyImmediateLeadershipRequired ?? false)
  const includeImmediateLeadership = step.includeImmediateLeadership ?? false
  if (onlyImmediateLeadershipRequired && !includeImmediateLeadership) {
    throw new UnprocessableException('errors.step_leadership_required', { data: label })
  }
  return {
    fields: {
      title: step.title,
      stepType: step.stepType,
      frequency: step.schedule.frequency,
      dayStart: step.schedule.dayStart,
      dayEnd: step.schedule.dayEnd,
      monthStart: step.schedule.monthStart ?? null,
      monthEnd: step.schedule.monthEnd ?? null,
      platformDataTypes,
      dependsOnPrevious: step.dependsOnPrevious ?? false,
      includeImmediateLeadership,
      onlyImmediateLeadershipRequired,
      allValidatorsRequired,
    },
    documents,
    validatorIds: [...new Set((step.validators ?? []).map((validator) => validator.userId))],
  }
}

type Normalized = ReturnType<typeof normalize>

async function syncRequirements(
  step: ComplianceStep,
  documents: Normalized['documents'],
  trx: TransactionClientContract
) {
  const existing = await ComplianceDocumentRequirement.query({ client: trx }).where(
    'step_id',
    step.id
  )
  const byId = new Map(existing.map((requirement) => [requirement.id, requirement]))
  const kept = new Set<string>()
  for (const [index, document] of documents.entries()) {
    const values = {
      position: index + 1,
      name: document.name,
      description: document.description ?? null,
      required: document.required ?? false,
      formats: document.formats ?? [...DOCUMENT_FORMATS],
    }
    const id = 'id' in document ? document.id : undefined
    const current = id ? byId.get(id) : undefined
    if (id && !current) {
      throw new UnprocessableException('errors.document_requirement_not_in_step', { data: { id } })
    }
    if (current) {
      kept.add(current.id)
      await current.useTransaction(trx).merge(values).save()
    } else {
      await ComplianceDocumentRequirement.create({ ...values, stepId: step.id }, { client: trx })
    }
  }
  const removed = existing.filter((requirement) => !kept.has(requirement.id)).map(({ id }) => id)
  if (removed.length) {
    await ComplianceDocumentRequirement.query({ client: trx }).whereIn('id', removed).delete()
  }
}

async function syncValidators(
  step: ComplianceStep,
  userIds: string[],
  trx: TransactionClientContract
) {
  await ComplianceStepValidator.query({ client: trx })
    .where('step_id', step.id)
    .if(userIds.length, (query) => query.whereNotIn('user_id', userIds))
    .delete()
  const existing = await ComplianceStepValidator.query({ client: trx }).where('step_id', step.id)
  const present = new Set(existing.map((validator) => validator.userId))
  const missing = userIds.filter((userId) => !present.has(userId))
  if (missing.length) {
    await ComplianceStepValidator.createMany(
      missing.map((userId) => ({ stepId: step.id, userId })),
      { client: trx }
    )
  }
}

async function writeStep(
  flowId: string,
  position: number,
  step: Normalized,
  current: ComplianceStep | undefined,
  trx: TransactionClientContract
) {
  const model = current
    ? await current
        .useTransaction(trx)
        .merge({ ...step.fields, position })
        .save()
    : await ComplianceStep.create({ ...step.fields, flowId, position }, { client: trx })
  await syncRequirements(model, step.documents, trx)
  await syncValidators(model, step.validatorIds, trx)
}

/**
 * Writes the steps of a flow. D3 creates them all; D4 replaces them: a
 * step with a known `id` is updated, one without `id` is created, and one
 * missing from the list is removed. When every item is `{id, order}`,
 * only the positions change (steps not listed keep their relative order
 * after the listed ones). Positions are always recalculated 1..n.
 */
export async function writeSteps(
  companyId: string,
  flowId: string,
  items: (FullStep | ReplacingStepInput)[],
  trx: TransactionClientContract
) {
  const existing = await ComplianceStep.query({ client: trx })
    .where('flow_id', flowId)
    .orderBy('position')
  const byId = new Map(existing.map((step) => [step.id, step]))
  for (const item of items) {
    if (item.id && !byId.has(item.id)) {
      throw new UnprocessableException('errors.step_not_in_flow', { data: { id: item.id } })
    }
  }

  const full = items.filter(isFullStep).map((step) => ({ item: step, data: normalize(step) }))
  await assertBorrowerSideUsers(
    companyId,
    full.flatMap(({ data }) => data.validatorIds),
    'errors.validators_not_members',
    trx
  )

  const orderOnly = full.length === 0
  const listed = new Set(items.map((item) => item.id).filter(Boolean))
  const sorted = sortByOrder(items as (FullStep | OrderOnly)[])
  if (orderOnly) {
    sorted.push(...existing.filter((step) => !listed.has(step.id)).map(({ id }) => ({ id })))
  } else {
    const removed = existing.filter((step) => !listed.has(step.id)).map(({ id }) => id)
    if (removed.length) await ComplianceStep.query({ client: trx }).whereIn('id', removed).delete()
  }

  const normalized = new Map(full.map(({ item, data }) => [item, data]))
  for (const [index, item] of sorted.entries()) {
    const data = normalized.get(item as FullStep)
    const current = item.id ? byId.get(item.id) : undefined
    if (data) {
      await writeStep(flowId, index + 1, data, current, trx)
    } else {
      await current!
        .useTransaction(trx)
        .merge({ position: index + 1 })
        .save()
    }
  }
}
