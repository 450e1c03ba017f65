import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import type ContractPart from '#models/contract_part'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractTemplate, { type TemplateVariable } from '#models/contract_template'
import ContractVariableValue from '#models/contract_variable_value'
import type {
  OnboardingContent,
  OnboardingDocumentInput,
  OnboardingDownloadInput,
  OnboardingFormFieldInput,
} from '#services/onboarding/types'
import type { FormFieldOption, FormFieldType } from '#support/onboarding'

type Trx = TransactionClientContract

/** Template variable type -> onboarding form field type (anything else is `text`) */
const FIELD_TYPES: Record<string, FormFieldType> = {
  text: 'text',
  string: 'text',
  textarea: 'textarea',
  longtext: 'textarea',
  number: 'number',
  integer: 'number',
  decimal: 'number',
  email: 'email',
  date: 'date',
  select: 'select',
  cpf: 'cpf',
  cnpj: 'cnpj',
  phone: 'phone',
  currency: 'currency',
  money: 'currency',
  boolean: 'boolean',
  checkbox: 'boolean',
}

/** `additional.options` as `[{label, value}]` or plain strings */
function selectOptions(additional: unknown): FormFieldOption[] | null {
  const raw = (additional as { options?: unknown } | null)?.options
  if (!Array.isArray(raw)) return null
  const options = raw.flatMap((option): FormFieldOption[] => {
    if (typeof option === 'string') return [{ label: option, value: option }]
    if (option && typeof option === 'object' && 'value' in option) {
      const value = String(option.value)
      return [{ label: String((option as { label?: unknown }).label ?? value), value }]
    }
    return []
  })
  return options.length ? options : null
}

function formField(
  name: string,
  declared: TemplateVariable | undefined,
  stored: ContractVariableValue | undefined
): OnboardingFormFieldInput {
  let type = FIELD_TYPES[(stored?.type ?? declared?.type ?? 'text').toLowerCase()] ?? 'text'
  const options = type === 'select' ? selectOptions(stored?.additional) : null
  if (type === 'select' && !options) type = 'text'
  return {
    sourceKey: name,
    label: declared?.label || name,
    type,
    required: stored?.required ?? declared?.required ?? false,
    options,
    value: stored?.value ? stored.value : null,
  }
}

/**
 * What the provider of `part` has to do on a contract, in the shape of the
 * onboarding seam (UpsertOnboardingContent): the requirements with
 * `isDownload: false` to upload, the `isDownload: true` ones that have a
 * file to download, and the variables whose source is `provider` (declared
 * by the template or stored on the contract globally, for the part or for
 * a part group holding it; the most specific stored value wins).
 */
export async function contractOnboardingContent(
  contract: Contract,
  part: ContractPart,
  trx: Trx
): Promise<OnboardingContent> {
  const requirements = await ContractDocumentRequirement.query({ client: trx })
    .where('contract_id', contract.id)
    .orderBy('position')
  const documents: OnboardingDocumentInput[] = requirements
    .filter((requirement) => !requirement.isDownload)
    .map((requirement) => ({
      sourceId: requirement.id,
      name: requirement.name,
      description: requirement.description,
      isRequired: requirement.isRequired,
      acceptedFormats: requirement.acceptedFormats,
      maxFileSize: requirement.maxFileSize,
    }))

  const downloadIds = requirements.filter((row) => row.isDownload).map((row) => row.id)
  const files = downloadIds.length
    ? await trx
        .from('contract_uploaded_files')
        .whereIn('document_id', downloadIds)
        .orderBy('uploaded_at', 'desc')
        .select('document_id', 'file_path', 'file_name')
    : []
  const fileOf = new Map<string, { file_path: string; file_name: string }>()
  for (const file of files) if (!fileOf.has(file.document_id)) fileOf.set(file.document_id, file)
  const downloadDocuments: OnboardingDownloadInput[] = requirements.flatMap((requirement) => {
    const file = fileOf.get(requirement.id)
    return file
      ? [
          {
            sourceId: requirement.id,
            name: requirement.name,
            description: requirement.description,
            filePath: file.file_path,
            fileName: file.file_name,
          },
        ]
      : []
  })

  return {
    contractId: contract.id,
    providerId: part.providerId,
    documents,
    formFields: await providerFormFields(contract, part, trx),
    downloadDocuments,
  }
}

async function providerFormFields(contract: Contract, part: ContractPart, trx: Trx) {
  const template = contract.templateId
    ? await ContractTemplate.query({ client: trx }).where('id', contract.templateId).first()
    : null
  const declared = new Map(
    (template?.variables ?? [])
      .filter((variable) => variable.source === 'provider')
      .map((variable) => [variable.name, variable])
  )

  const groups = await trx
    .from('contract_part_groups')
    .where('contract_id', contract.id)
    .whereRaw('? = ANY(part_ids)', [part.id])
    .select('id')
  const groupIds = groups.map((row) => row.id as string)
  const values = await ContractVariableValue.query({ client: trx })
    .where('contract_id', contract.id)
    .where('source', 'provider')
    .where((query) => {
      query.where((global) => global.whereNull('part_id').whereNull('group_id'))
      query.orWhere('part_id', part.id)
      if (groupIds.length) query.orWhereIn('group_id', groupIds)
    })
    .orderBy('position')
  const specificity = (row: ContractVariableValue) => (row.partId ? 2 : row.groupId ? 1 : 0)
  const stored = new Map<string, ContractVariableValue>()
  for (const row of values) {
    const current = stored.get(row.name)
    if (!current || specificity(row) > specificity(current)) stored.set(row.name, row)
  }

  const names = [...new Set([...declared.keys(), ...values.map((row) => row.name)])]
  return names.map((name) => formField(name, declared.get(name), stored.get(name)))
}

/** True when the content gives the provider something to fill or upload */
export function hasOnboardingWork(content: OnboardingContent) {
  return Boolean(content.documents?.length || content.formFields?.length)
}
