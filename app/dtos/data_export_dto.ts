import type DataExport from '#models/data_export'
import type { Translate } from '#exceptions/error_response'

export default class DataExportDto {
  /** POST /users/me/data-export (202) */
  static summary(dataExport: DataExport) {
    return { id: dataExport.id, status: dataExport.status }
  }

  /**
   * GET /users/me/data-exports/:id; a ready export past its expiry reads
   * `expired`; `failureReason` (a catalogue key) in the reader's language
   */
  static fromModel(dataExport: DataExport, url: string | null, translate: Translate) {
    return {
      id: dataExport.id,
      status: dataExport.status === 'ready' && dataExport.isExpired ? 'expired' : dataExport.status,
      createdAt: dataExport.createdAt.toISO()!,
      completedAt: dataExport.completedAt?.toISO() ?? null,
      expiresAt: dataExport.expiresAt?.toISO() ?? null,
      url,
      failureReason:
        dataExport.status === 'failed' && dataExport.failureReason
          ? translate(dataExport.failureReason)
          : null,
    }
  }
}
