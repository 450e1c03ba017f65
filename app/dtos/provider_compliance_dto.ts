import type { DateTime } from 'luxon'
import type ProviderCompliance from '#models/provider_compliance'
import type StepCompliance from '#models/step_compliance'
import type StepComplianceDocument from '#models/step_compliance_document'
import {
  ComplianceDocumentRequirementDto,
  ComplianceStepDto,
  ComplianceValidatorDto,
  type StepShape,
  type ValidatorUser,
} from '#dtos/compliance_flow_dto'

/** A current document as the DTOs read it (a model, or a row of compliance_details) */
export type StepComplianceDocumentShape = Pick<
  StepComplianceDocument,
  | 'id'
  | 'stepComplianceId'
  | 'requirementId'
  | 'fileName'
  | 'filePath'
  | 'status'
  | 'rejectionReason'
  | 'sentAt'
  | 'reviewedAt'
>

/** A step compliance with its step and documents (services/compliance/compliance_details.ts) */
export type StepComplianceRow = Pick<
  StepCompliance,
  'id' | 'providerComplianceId' | 'status' | 'grantedDataTypes' | 'submittedAt' | 'reviewedAt'
> & { step: StepShape; documents: StepComplianceDocumentShape[] }

/** spec: StepComplianceDocument (+ rejectionReason, decisions.md) */
export class StepComplianceDocumentDto {
  static fromModel(
    document: StepComplianceDocumentShape,
    requirementName: string,
    fileUrl: string
  ) {
    return {
      id: document.id,
      stepComplianceId: document.stepComplianceId,
      documentRequirementId: document.requirementId,
      documentRequirementName: requirementName,
      fileName: document.fileName,
      fileUrl,
      status: document.status,
      rejectionReason: document.rejectionReason ?? null,
      sentAt: document.sentAt.toISO()!,
      reviewedAt: document.reviewedAt?.toISO() ?? null,
    }
  }
}

/** What a platformData step shows its validators (only the granted types) */
export interface PlatformData {
  hours?: { totalMinutes: number; totalHours: number }
  activeContracts?: {
    contractId: string
    contractName: string
    startDate: string | null
    endDate: string | null
  }[]
}

export interface StepView {
  validators: { id: string; user: ValidatorUser }[]
  fileUrls: Map<string, string>
  submissionDeadline: DateTime
  isSubmissionOpen: boolean
  platformData: PlatformData | null
}

/** spec: StepCompliance (+ grantedDataTypes and platformData, decisions.md) */
export class StepComplianceDto {
  static fromModel(stepCompliance: StepComplianceRow, view: StepView) {
    const step = stepCompliance.step
    const names = new Map(step.documents.map((requirement) => [requirement.id, requirement.name]))
    return {
      id: stepCompliance.id,
      complianceStepId: step.id,
      title: step.title,
      order: step.position,
      stepType: step.stepType,
      status: stepCompliance.status,
      schedule: {
        frequency: step.frequency,
        dayStart: step.dayStart,
        dayEnd: step.dayEnd,
        monthStart: ComplianceStepDto.schedule(step).monthStart,
        monthEnd: ComplianceStepDto.schedule(step).monthEnd,
      },
      documents: stepCompliance.documents.map((document) =>
        StepComplianceDocumentDto.fromModel(
          document,
          names.get(document.requirementId) ?? '',
          view.fileUrls.get(document.id) ?? ''
        )
      ),
      requiredDocuments: step.documents.map((requirement) =>
        ComplianceDocumentRequirementDto.fromModel(requirement)
      ),
      platformDataTypes: step.platformDataTypes,
      grantedDataTypes: stepCompliance.grantedDataTypes,
      platformData: view.platformData,
      validators: view.validators.map(({ id, user }) => ComplianceValidatorDto.fromUser(id, user)),
      dependsOnPrevious: step.dependsOnPrevious,
      submissionDeadline: view.submissionDeadline.toISO()!,
      isSubmissionOpen: view.isSubmissionOpen,
      submittedAt: stepCompliance.submittedAt?.toISO() ?? null,
      reviewedAt: stepCompliance.reviewedAt?.toISO() ?? null,
    }
  }
}

type StepBody = ReturnType<typeof StepComplianceDto.fromModel>

/** A step compliance with what its body shows beyond the row */
export interface StepDetail {
  stepCompliance: StepComplianceRow
  view: StepView
}

/** spec: ProviderCompliance */
export default class ProviderComplianceDto {
  static fromModel(compliance: ProviderCompliance, steps: StepBody[]) {
    return {
      id: compliance.id,
      providerId: compliance.providerId,
      providerComplianceFlowId: compliance.providerComplianceFlowId,
      complianceFlowId: compliance.flowId,
      complianceFlowName: compliance.flow.name,
      month: compliance.month,
      year: compliance.year,
      status: compliance.status,
      steps,
      submittedAt: compliance.submittedAt?.toISO() ?? null,
      reviewedAt: compliance.reviewedAt?.toISO() ?? null,
    }
  }

  /** Bodies of loaded compliances with their step details (services/compliance/compliance_details.ts) */
  static fromDetails(compliances: ProviderCompliance[], details: Map<string, StepDetail[]>) {
    return compliances.map((compliance) =>
      ProviderComplianceDto.fromModel(
        compliance,
        (details.get(compliance.id) ?? []).map(({ stepCompliance, view }) =>
          StepComplianceDto.fromModel(stepCompliance, view)
        )
      )
    )
  }
}
