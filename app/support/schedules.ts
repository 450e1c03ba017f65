import { Cron } from 'croner'

/**
 * The sweeps the worker (`node ace queue:work`) runs on schedules, each an
 * Ace command that takes its own PostgreSQL advisory lock, so any number of
 * workers run each schedule once. `env` names the variable that replaces
 * the default cron expression (5 fields, or 6 with seconds; `off`
 * disables the schedule).
 */
export interface ScheduleDefinition {
  name: string
  command: string
  env: ScheduleEnvKey
  cron: string
  description: string
}

export const SCHEDULE_ENV_KEYS = [
  'SCHEDULE_COMPLIANCE_GENERATE',
  'SCHEDULE_CONTRACTS_SWEEP',
  'SCHEDULE_ONBOARDING_SWEEP',
  'SCHEDULE_INTEGRATIONS_SWEEP',
  'SCHEDULE_NOTIFICATIONS_PRUNE',
  'SCHEDULE_DATA_EXPORTS_PROCESS',
  'SCHEDULE_REMINDERS_SEND',
  'SCHEDULE_AUDIT_PRUNE',
] as const
export type ScheduleEnvKey = (typeof SCHEDULE_ENV_KEYS)[number]

/** Minutes spread so that the daily and hourly sweeps do not start together */
export const SCHEDULE_DEFINITIONS: ScheduleDefinition[] = [
  {
    name: 'compliance',
    command: 'compliance:generate',
    env: 'SCHEDULE_COMPLIANCE_GENERATE',
    cron: '0 3 * * *',
    description: "daily: the month's compliance steps",
  },
  {
    name: 'contracts',
    command: 'contracts:sweep',
    env: 'SCHEDULE_CONTRACTS_SWEEP',
    cron: '5 * * * *',
    description: 'hourly: contracts whose dates have come',
  },
  {
    name: 'onboarding',
    command: 'onboarding:sweep',
    env: 'SCHEDULE_ONBOARDING_SWEEP',
    cron: '10 * * * *',
    description: 'hourly: expired onboardings',
  },
  {
    name: 'integrations',
    command: 'integrations:sweep',
    env: 'SCHEDULE_INTEGRATIONS_SWEEP',
    cron: '30 3 * * *',
    description: 'daily: integration records without a contract',
  },
  {
    name: 'notifications',
    command: 'notifications:prune',
    env: 'SCHEDULE_NOTIFICATIONS_PRUNE',
    cron: '0 4 * * *',
    description: 'daily: old notifications',
  },
  {
    name: 'reminders',
    command: 'reminders:send',
    env: 'SCHEDULE_REMINDERS_SEND',
    cron: '0 11 * * *',
    description: 'daily: compliance, signature and onboarding reminders (each item once a day)',
  },
  {
    name: 'audit',
    command: 'audit:prune',
    env: 'SCHEDULE_AUDIT_PRUNE',
    cron: '20 4 * * *',
    description: 'daily: audit entries past AUDIT_LOG_RETENTION_DAYS, expired idempotency keys',
  },
  {
    name: 'data-exports',
    command: 'data-exports:process',
    env: 'SCHEDULE_DATA_EXPORTS_PROCESS',
    cron: '* * * * *',
    description: 'every minute: requested personal data exports',
  },
]

/** Env rule: a cron expression croner accepts, or `off`; a bad one stops the boot, named */
export function cronRule(key: string, value?: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  const expression = value.trim()
  if (expression === 'off') return expression
  try {
    new Cron(expression, { paused: true }).stop()
  } catch (error) {
    throw new Error(`${key}: not a cron expression ("${value}"): ${(error as Error).message}`)
  }
  return expression
}

/** Env rule: an IANA time zone (`Intl` knows it) */
export function timeZoneRule(key: string, value?: string): string | undefined {
  if (value === undefined || value.trim() === '') return undefined
  try {
    new Intl.DateTimeFormat('en', { timeZone: value.trim() })
  } catch {
    throw new Error(`${key}: not a time zone ("${value}")`)
  }
  return value.trim()
}
