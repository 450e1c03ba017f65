import type Contract from '#models/contract'
import type ContractPart from '#models/contract_part'
import type ContractReviewer from '#models/contract_reviewer'
import type ContractSignatureGroup from '#models/contract_signature_group'
import ContractUploadedFileDto from '#dtos/contract_uploaded_file_dto'
import { apiTimestampSql, field, jsonShape, type ShapeOf } from '#support/json_shape'
import { CONTRACT_STATUSES, type ContractStatus } from '#enums/contract_status'

/**
 * Contract shapes: the record of lists and board columns, and the detail
 * (H5 / GET /contracts/:id) rebuilt from the tables plus the snapshot.
 */
/**
 * The record of lists and board columns, declared once: H1 and H2 send it
 * as the JSON text PostgreSQL writes for a `contracts` row (`recordJsonSql`,
 * compact text by format(): about half the cost of json_build_object).
 */
export const CONTRACT_RECORD_SHAPE = jsonShape('ContractRecord', {
  id: field.uuid('{row}.id'),
  name: field.text('{row}.name'),
  status: field.text<ContractStatus>('{row}.status', { schema: { enum: CONTRACT_STATUSES } }),
  progress: field.number('{row}.progress', { schema: { type: 'integer' } }),
  createdAt: field.timestamp(apiTimestampSql('{row}.created_at')),
  updatedAt: field.timestamp(apiTimestampSql('{row}.updated_at')),
})

export default class ContractDto {
  static record(contract: Contract): ShapeOf<typeof CONTRACT_RECORD_SHAPE.fields> {
    return CONTRACT_RECORD_SHAPE.from(contract)
  }

  /** `record` as JSON text for a row of `contracts` aliased `row` (H1, H2) */
  static recordJsonSql(row: string) {
    return CONTRACT_RECORD_SHAPE.formatSql({ row })
  }

  static part(part: ContractPart) {
    const person = part.companyId
      ? {
          id: part.company.id,
          name: part.company.name,
          email: part.company.email ?? null,
          document: part.company.document,
        }
      : { id: part.user.id, name: part.user.name, email: part.user.email, document: part.user.cpf }
    return {
      id: part.id,
      type: part.companyId ? ('LEGAL_ENTITY' as const) : ('NATURAL_PERSON' as const),
      companyId: part.companyId,
      userId: part.userId,
      person,
      role: part.role,
      value: part.value,
      contractType: part.contractType,
      monthlyHours: part.monthlyHours,
      isActive: part.isActive,
    }
  }

  static reviewer(reviewer: ContractReviewer) {
    return {
      id: reviewer.id,
      userId: reviewer.userId,
      name: reviewer.user.name,
      email: reviewer.user.email,
      avatar: reviewer.user.avatar,
      isRequired: reviewer.isRequired,
      order: reviewer.position,
    }
  }

  /**
   * A signature group with its members; `signing` adds what the signatures
   * overview shows (avatar, signedAt, rejectionReason; members' users loaded).
   */
  static signatureGroup(group: ContractSignatureGroup, signing = false) {
    return {
      id: group.id,
      name: group.name,
      order: group.position,
      isPartGroup: group.isPartGroup,
      members: group.members.map((member) => ({
        id: member.id,
        userId: member.userId,
        name: member.name,
        email: member.email,
        order: member.position,
        status: member.status,
        ...(signing
          ? {
              avatar: member.user?.avatar ?? null,
              signedAt: member.signedAt?.toISO() ?? null,
              rejectionReason: member.rejectionReason,
            }
          : {}),
      })),
    }
  }

  /** Expects parts (company, user), partGroups, variableValues, documents, reviewers (user), signatureGroups (members), uploadedFiles */
  static detail(contract: Contract, fileUrls: Map<string, string>, signedDocument: string | null) {
    const snapshot = contract.snapshot as Record<string, any>
    const partGroups = contract.partGroups.map((group) => ({
      id: group.id,
      name: group.name,
      partIds: group.partIds,
    }))
    const modelConfig = snapshot.modelConfig
      ? { ...snapshot.modelConfig, templateId: contract.templateId, partGroups }
      : null
    return {
      ...ContractDto.record(contract),
      workflowId: contract.workflowId,
      ref: contract.ref,
      description: contract.description,
      startDate: contract.startDate?.toISODate() ?? null,
      endDate: contract.endDate?.toISODate() ?? null,
      currentStep: contract.currentStep,
      steps: snapshot.steps ?? [],
      parts: contract.parts.map((part) => ContractDto.part(part)),
      selectedTemplate: snapshot.selectedTemplate ?? null,
      modelConfig,
      variableValues: contract.variableValues.map((variable) => ({
        id: variable.id,
        name: variable.name,
        type: variable.type,
        source: variable.source,
        required: variable.required,
        value: variable.value,
        additional: variable.additional ?? null,
        partId: variable.partId,
        groupId: variable.groupId,
      })),
      partGroups,
      documents: contract.documents.map((document) => ({
        id: document.id,
        name: document.name,
        description: document.description,
        isDownload: document.isDownload,
        isRequired: document.isRequired,
        acceptedFormats: document.acceptedFormats,
        maxFileSize: document.maxFileSize,
      })),
      revisionConfig: { reviewers: contract.reviewers.map((row) => ContractDto.reviewer(row)) },
      signatureConfig: {
        groups: contract.signatureGroups.map((group) => ContractDto.signatureGroup(group)),
      },
      uploadedFiles: contract.uploadedFiles.map((file) =>
        ContractUploadedFileDto.fromModel(file, fileUrls.get(file.id)!)
      ),
      signedDocument,
      publishedAt: contract.publishedAt?.toISO() ?? null,
      deadlineAt: contract.deadlineAt?.toISO() ?? null,
    }
  }
}
