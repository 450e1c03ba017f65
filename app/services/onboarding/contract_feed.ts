import { randomUUID } from 'node:crypto'
import emitter from '@adonisjs/core/services/emitter'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import ContractDocumentRequirement from '#models/contract_document_requirement'
import ContractPart from '#models/contract_part'
import ContractTemplate from '#models/contract_template'
import ContractUploadedFile, { type UploadedFileStatus } from '#models/contract_uploaded_file'
import ContractVariableValue from '#models/contract_variable_value'
import type Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import type OnboardingFormField from '#models/onboarding_form_field'
import type { StoredFile } from '#services/files/storage_service'
import { freshUpload } from '#services/contracts/fresh_upload'
import onboardingTokens from '#services/onboarding/token_service'
import { providerContact } from '#services/onboarding/parties'
import { ConflictException } from '#exceptions/http_exceptions'
import { UPLOAD_STATUSES } from '#support/contract_rules'
import {
  DOCUMENT_WITHOUT_FILE,
  ONBOARDING_MESSAGES,
  type OnboardingDocumentStatus,
} from '#support/onboarding'
import { nowLocal } from '#services/platform/clock'

/**
 * Onboarding feeds the contract (docs/decisions.md "Correctness:
 * onboarding feeds the contract"). What the provider does through the
 * public link is written, in the same transaction as the write, where the
 * contract reads it:
 * - a document of a contract requirement -> the contract's uploaded file of
 *   (requirement, provider part): `contract_uploaded_files` is the source of
 *   truth of the file and its review (H10, H11, B2/B3, E2, upload step,
 *   signatures); the onboarding document is the provider's view of the same
 *   row, kept equal by the functions below, the only writers of both;
 * - a form field -> the variable value of the provider's part
 *   (`contract_variable_values`, read by H5, H12 and the signed PDF).
 * Onboarding content not tied to the contract (no such requirement, no
 * provider part) feeds nothing.
 */

type Trx = TransactionClientContract

/** The onboarding provider's (oldest) part in the contract the onboarding feeds */
function providerPartOf(onboarding: Onboarding, trx: Trx) {
  return ContractPart.links(trx)
    .ofContract(onboarding.contractId)
    .providers()
    .ofProvider(onboarding.providerId)
    .query.orderBy('contract_parts.created_at', 'asc')
    .first()
}

/** Onboarding document status <-> contract file status */
const FILE_STATUS: Record<Exclude<OnboardingDocumentStatus, 'waiting'>, UploadedFileStatus> = {
  uploaded: 'pending',
  validated: 'approved',
  rejected: 'rejected',
}
const DOCUMENT_STATUS: Record<UploadedFileStatus, OnboardingDocumentStatus> = {
  pending: 'uploaded',
  approved: 'validated',
  rejected: 'rejected',
}

/** Where an onboarding document lands on the contract, or null when it is not the contract's */
async function fileSlot(onboarding: Onboarding, document: OnboardingDocument, trx: Trx) {
  if (!document.sourceRequirementId) return null
  const requirement = await ContractDocumentRequirement.query({ client: trx })
    .where('id', document.sourceRequirementId)
    .where('contract_id', onboarding.contractId)
    .where('is_download', false)
    .first()
  if (!requirement) return null
  const part = await providerPartOf(onboarding, trx)
  if (!part) return null
  const file = await ContractUploadedFile.query({ client: trx })
    .where('document_id', requirement.id)
    .where('part_id', part.id)
    .forUpdate()
    .first()
  return { requirement, part, file }
}

/**
 * A2: the provider's file becomes the pending contract file of its part,
 * uploaded by the provider's user. Returns the Drive key of a different
 * file it replaced (a borrower's H6 upload), to delete after commit.
 * 409 when the contract no longer takes uploads or the file was approved.
 */
export async function feedUpload(
  onboarding: Onboarding,
  document: OnboardingDocument,
  stored: StoredFile,
  trx: Trx
): Promise<string | null> {
  const slot = await fileSlot(onboarding, document, trx)
  if (!slot) return null
  const contract = await Contract.query({ client: trx })
    .where('id', onboarding.contractId)
    .forUpdate()
    .firstOrFail()
  if (!UPLOAD_STATUSES.includes(contract.status)) {
    throw new ConflictException(ONBOARDING_MESSAGES.contractTakesNoUploads)
  }
  if (slot.file?.status === 'approved') {
    throw new ConflictException(ONBOARDING_MESSAGES.alreadyValidated)
  }
  const replaced = slot.file && slot.file.filePath !== stored.path ? slot.file.filePath : null
  const contact = await providerContact(onboarding, trx)
  const file = slot.file ?? new ContractUploadedFile()
  file.useTransaction(trx)
  file.merge({
    contractId: onboarding.contractId,
    documentId: slot.requirement.id,
    partId: slot.part.id,
    fileName: document.fileName!,
    ...freshUpload(stored, contact?.userId ?? null, document.uploadedAt ?? nowLocal()),
  })
  await file.save()
  return replaced
}

/** A3: the provider removed its file, so the part has no file for that requirement any more */
export async function feedRemoval(onboarding: Onboarding, document: OnboardingDocument, trx: Trx) {
  const slot = await fileSlot(onboarding, document, trx)
  if (slot?.file) await slot.file.useTransaction(trx).delete()
}

/** The borrower's onboarding review (validated / rejected) is the contract file's review too */
export async function feedReview(
  onboarding: Onboarding,
  document: OnboardingDocument,
  reviewerId: string,
  trx: Trx
) {
  if (document.status === 'waiting') return
  const slot = await fileSlot(onboarding, document, trx)
  if (!slot?.file) return
  slot.file.useTransaction(trx).merge({
    status: FILE_STATUS[document.status],
    rejectionReason: document.rejectionReason,
    reviewedBy: reviewerId,
    reviewedAt: nowLocal(),
  })
  await slot.file.save()
}

/**
 * The other way: a contract file written by the borrower side (H6 upload,
 * H7 removal, H11 review) updates the provider's onboarding document of
 * that requirement, when there is one. Returns it (with its onboarding).
 */
export async function syncOnboardingDocument(
  file: ContractUploadedFile,
  change: 'saved' | 'removed',
  trx: Trx
) {
  const part = await ContractPart.query({ client: trx }).where('id', file.partId).firstOrFail()
  const document = await OnboardingDocument.fedInto(file, part, trx)
  if (!document) return null
  document.useTransaction(trx)
  if (change === 'removed') {
    document.merge(DOCUMENT_WITHOUT_FILE)
  } else {
    document.merge({
      status: DOCUMENT_STATUS[file.status],
      rejectionReason: file.rejectionReason,
      filePath: file.filePath,
      fileName: file.fileName,
      fileSize: file.fileSize,
      uploadedAt: file.uploadedAt,
    })
  }
  await document.save()
  return document
}

/**
 * A rejected document goes back to the provider: a submitted onboarding is
 * open again (it resends and submits again) and the provider's user is
 * asked to resend through the link. Used by the onboarding review and H11.
 */
export async function askProviderToResend(
  onboarding: Onboarding,
  document: OnboardingDocument,
  contract: { id: string; name: string },
  trx: Trx
) {
  if (onboarding.status === 'submitted') {
    onboarding.merge({ status: 'pending', submittedAt: null })
    await onboarding.useTransaction(trx).save()
  }
  const recipient = await providerContact(onboarding, trx)
  if (!recipient) return
  await emitter.emit('onboarding:document_rejected', {
    onboardingId: onboarding.id,
    recipient,
    contract,
    document: { id: document.id, name: document.name },
    reason: document.rejectionReason!,
    url: onboardingTokens.url(await onboardingTokens.sign(onboarding)),
    trx,
  })
}

/**
 * A4: each saved field with a source key is the value of that variable
 * for the provider's part (created when missing, emptied when cleared);
 * its type and `required` come from the variable the field was made from.
 */
export async function feedValues(onboarding: Onboarding, fields: OnboardingFormField[], trx: Trx) {
  const sourced = fields.filter((field) => field.sourceKey)
  if (!sourced.length) return
  const part = await providerPartOf(onboarding, trx)
  if (!part) return
  const names = sourced.map((field) => field.sourceKey!)
  const existing = await ContractVariableValue.query({ client: trx })
    .where('contract_id', onboarding.contractId)
    .whereIn('name', names)
    .orderBy('position')
    .forUpdate()
  const declared = await declaredVariables(onboarding.contractId, trx)
  let position = existing.reduce((max, row) => Math.max(max, row.position), 0)

  for (const field of sourced) {
    const name = field.sourceKey!
    const own = existing.find((row) => row.name === name && row.partId === part.id)
    const value = field.value ?? ''
    if (own) {
      await own.useTransaction(trx).merge({ value, source: 'provider' }).save()
      continue
    }
    const model = existing.find((row) => row.name === name) ?? declared.get(name)
    await ContractVariableValue.create(
      {
        id: randomUUID(),
        contractId: onboarding.contractId,
        name,
        type: model?.type ?? field.type,
        source: 'provider',
        required: model?.required ?? field.required,
        value,
        additional: (model as ContractVariableValue | undefined)?.additional ?? null,
        partId: part.id,
        groupId: null,
        position: ++position,
      },
      { client: trx }
    )
  }
}

async function declaredVariables(contractId: string, trx: Trx) {
  const contract = await Contract.query({ client: trx }).where('id', contractId).firstOrFail()
  const template = contract.templateId
    ? await ContractTemplate.query({ client: trx }).where('id', contract.templateId).first()
    : null
  return new Map((template?.variables ?? []).map((variable) => [variable.name, variable]))
}
