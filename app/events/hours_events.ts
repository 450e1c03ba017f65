import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import type RetroactiveRequest from '#models/retroactive_request'
import type WorkEntry from '#models/work_entry'

/** A provider filed a retroactive request; recipients: the borrower's owners and admins */
export interface RetroactiveRequestCreatedEvent {
  request: RetroactiveRequest
  provider: User
  recipients: User[]
  trx: TransactionClientContract
}

/** The borrower approved it (the entry exists); recipient: the provider user */
export interface RetroactiveRequestApprovedEvent {
  request: RetroactiveRequest
  entry: WorkEntry
  recipient: User
  reviewer: User
  trx: TransactionClientContract
}

/** The borrower declined it (`declineReason` on the request); recipient: the provider user */
export interface RetroactiveRequestDeclinedEvent {
  request: RetroactiveRequest
  recipient: User
  reviewer: User
  trx: TransactionClientContract
}

declare module '@adonisjs/core/types' {
  interface EventsList {
    'hours:retroactive_request_created': RetroactiveRequestCreatedEvent
    'hours:retroactive_request_approved': RetroactiveRequestApprovedEvent
    'hours:retroactive_request_declined': RetroactiveRequestDeclinedEvent
  }
}
