import db from '@adonisjs/lucid/services/db'
import ComplianceFlow from '#models/compliance_flow'

/**
 * D5: removes the flow with its steps, attachments and the compliances
 * generated from it (cascade).
 */
export default class DeleteComplianceFlow {
  handle(companyId: string, id: string) {
    return db.transaction(async (trx) => {
      const flow = await ComplianceFlow.findOwned(companyId, id, trx)
      await flow.useTransaction(trx).delete()
    })
  }
}
