import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The daily sweep found records of a connection whose CNPJ/CPF matches no
 * active contract part of the company (notification type
 * `integration_records_without_contract`, scope company).
 */
export interface RecordsWithoutContractEvent {
  companyId: string
  connectionId: string
  provider: string
  pendingCount: number
  /** `/company/:companyId/integrations/:connectionId/status` */
  actionRoute: string
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'integrations:records_without_contract': RecordsWithoutContractEvent
  }
}
