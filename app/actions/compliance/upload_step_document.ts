import { inject } from '@adonisjs/core'
import { randomUUID } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import StepComplianceDocument from '#models/step_compliance_document'
import StepComplianceApproval from '#models/step_compliance_approval'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import { COMPLIANCE_UPLOAD_RULES, OPEN_STEP_STATUSES } from '#support/compliance'

interface Params {
  companyId: string
  providerIds: string[]
  userId: string
  complianceId: string
  stepId: string
  documentRequirementId: string
  file: MultipartFile
}

/**
 * C4: sends the file of one requirement of a `documents` step. Allowed
 * while the step is pending, in_progress or rejected (a new file replaces
 * the previous one of that requirement and waits for review again); the
 * step becomes in_progress.
 */
@inject()
export default class UploadStepDocument {
  constructor(
    protected clock: Clock,
    protected storage: FileStorageService
  ) {}

  handle(params: Params) {
    return db.transaction(async (trx) => {
      const compliance = await ProviderCompliance.findOwned(params, params.complianceId, trx)
      const step = await StepCompliance.findOf(compliance, params.stepId, trx)
      if (!OPEN_STEP_STATUSES.includes(step.status)) {
        throw new ConflictException('errors.step_takes_no_documents', {
          data: { status: step.status },
        })
      }
      const requirement = step.step.documents.find(({ id }) => id === params.documentRequirementId)
      if (!requirement) {
        throw new UnprocessableException('errors.requirement_not_in_step')
      }
      const upload = await this.storage.validate(params.file, {
        ...COMPLIANCE_UPLOAD_RULES,
        acceptedFormats: requirement.formats,
      })
      const key = `compliance/${params.companyId}/${step.id}/${randomUUID()}.${upload.extension}`
      await this.storage.storeAs(upload, key)

      const now = this.clock.now()
      const values = {
        fileName: upload.displayName,
        filePath: key,
        fileSize: upload.size,
        status: 'pending' as const,
        rejectionReason: null,
        uploadedBy: params.userId,
        sentAt: now,
        reviewedAt: null,
      }
      const existing = step.documents.find(({ requirementId }) => requirementId === requirement.id)
      const document = existing
        ? await existing.useTransaction(trx).merge(values).save()
        : await StepComplianceDocument.create(
            { ...values, stepComplianceId: step.id, requirementId: requirement.id },
            { client: trx }
          )
      await StepComplianceApproval.query({ client: trx }).where('document_id', document.id).delete()
      if (step.status !== 'in_progress')
        await step.useTransaction(trx).merge({ status: 'in_progress' }).save()
      return { document, requirementName: requirement.name }
    })
  }
}
