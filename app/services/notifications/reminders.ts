import type { EmailAddress, NotifyData, Recipient } from '#services/notifications/types'

/**
 * The daily reminders (SendScheduledReminders): the kinds, one item to
 * remind, and the formats their texts share.
 */
export const REMINDER_KINDS = ['compliance_step', 'signature', 'onboarding'] as const
export type ReminderKind = (typeof REMINDER_KINDS)[number]

/** One item to remind: its accounts (delivery rule) and addresses without an account */
export interface Reminder {
  kind: ReminderKind
  itemId: string
  recipients: Recipient[]
  emails: EmailAddress[]
  data: NotifyData
}

export const noneSent = (): Record<ReminderKind, number> => ({
  compliance_step: 0,
  signature: 0,
  onboarding: 0,
})

export const period = (row: { month: number; year: number }) =>
  `${String(row.month).padStart(2, '0')}/${row.year}`
