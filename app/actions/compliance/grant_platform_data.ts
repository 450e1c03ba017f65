import db from '@adonisjs/lucid/services/db'
import { ConflictException, UnprocessableException } from '#exceptions/http_exceptions'
import StepComplianceApproval from '#models/step_compliance_approval'
import ProviderCompliance from '#models/provider_compliance'
import StepCompliance from '#models/step_compliance'
import { OPEN_STEP_STATUSES, type PlatformDataType } from '#support/compliance'

interface Params {
  companyId: string
  providerIds: string[]
  complianceId: string
  stepId: string
  dataTypes: PlatformDataType[]
}

/**
 * The provider lets the validators read platform data on a platformData
 * step (`hours`, `activeContracts`, among the step's types). The grant
 * replaces the previous one; the step becomes in_progress.
 */
export default class GrantPlatformData {
  handle(params: Params) {
    return db.transaction(async (trx) => {
      const compliance = await ProviderCompliance.findOwned(params, params.complianceId, trx)
      const step = await StepCompliance.findOf(compliance, params.stepId, trx)
      if (step.step.stepType !== 'platformData') {
        throw new UnprocessableException('errors.grant_platform_data_only')
      }
      if (!OPEN_STEP_STATUSES.includes(step.status)) {
        throw new ConflictException('errors.step_takes_no_grant', { data: { status: step.status } })
      }
      const unknown = params.dataTypes.filter((type) => !step.step.platformDataTypes.includes(type))
      if (unknown.length) {
        throw new UnprocessableException('errors.data_types_not_asked', {
          data: { types: unknown.join(', ') },
        })
      }
      await StepComplianceApproval.query({ client: trx })
        .where('step_compliance_id', step.id)
        .whereNull('document_id')
        .delete()
      await step
        .useTransaction(trx)
        .merge({ grantedDataTypes: params.dataTypes, status: 'in_progress' })
        .save()
      return compliance
    })
  }
}
