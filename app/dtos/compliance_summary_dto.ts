import type { ComplianceStatus } from '#support/compliance'

/** A row of GET /compliances as the list query reads it */
export interface ComplianceSummaryRow {
  id: string
  providerId: string
  providerName: string | null
  complianceFlowId: string
  complianceFlowName: string
  month: number
  year: number
  status: ComplianceStatus
}

/**
 * The borrower's summary of a compliance (GET /compliances): `id,
 * providerId, providerName, complianceFlowId, complianceFlowName, month,
 * year, status`, no steps.
 */
export default class ComplianceSummaryDto {
  static fromRow(row: ComplianceSummaryRow) {
    return {
      id: row.id,
      providerId: row.providerId,
      providerName: row.providerName ?? '',
      complianceFlowId: row.complianceFlowId,
      complianceFlowName: row.complianceFlowName,
      month: Number(row.month),
      year: Number(row.year),
      status: row.status,
    }
  }
}
