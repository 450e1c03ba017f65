import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Infer } from '@vinejs/vine/types'
import AppVersion from '#models/app_version'
import { UnprocessableException } from '#exceptions/http_exceptions'
import type { seedAppVersionsValidator } from '#validators/app_version'

export type AppVersionEntry = Infer<typeof seedAppVersionsValidator>['versions'][number]
export type SeedOutcome = 'created' | 'updated' | 'unchanged'

export interface SeedResult {
  platform: string
  version: string
  outcome: SeedOutcome
}

interface Params {
  entries: AppVersionEntry[]
  dryRun?: boolean
}

/** Thrown to roll a dry run back, carrying its outcome */
class DryRunRollback extends Error {
  constructor(readonly results: SeedResult[]) {
    super('dry run')
  }
}

/** Rules a single entry cannot express: unique keys, OTA needs a runtime */
function problemsOf(entries: AppVersionEntry[]): string[] {
  const problems: string[] = []
  const seen = new Set<string>()
  entries.forEach((entry, index) => {
    const key = `${entry.platform} ${entry.version}`
    if (seen.has(key)) problems.push(`versions.${index}: duplicate ${key}`)
    seen.add(key)
    if (entry.delivery === 'ota' && !entry.runtimeVersion) {
      problems.push(`versions.${index}: an ota version needs a runtimeVersion`)
    }
  })
  return problems
}

function columnsOf(entry: AppVersionEntry) {
  return {
    platform: entry.platform,
    version: entry.version,
    launchAt: DateTime.fromJSDate(entry.launchAt),
    type: entry.type,
    forceUpdate: entry.forceUpdate ?? false,
    title: entry.title,
    description: entry.description,
    storeUrl: entry.storeUrl ?? null,
    delivery: entry.delivery ?? 'store',
    minSupportedVersion: entry.minSupportedVersion,
    deprecatedAt: entry.deprecatedAt ? DateTime.fromJSDate(entry.deprecatedAt) : null,
    runtimeVersion: entry.runtimeVersion ?? null,
    updateId: entry.updateId ?? null,
  }
}

async function upsert(
  entry: AppVersionEntry,
  trx: TransactionClientContract
): Promise<SeedOutcome> {
  const columns = columnsOf(entry)
  const existing = await AppVersion.query({ client: trx })
    .where('platform', entry.platform)
    .where('version', entry.version)
    .forUpdate()
    .first()
  if (!existing) {
    await AppVersion.create(columns, { client: trx })
    return 'created'
  }
  existing.useTransaction(trx)
  existing.merge(columns)
  if (!existing.$isDirty) return 'unchanged'
  await existing.save()
  return 'updated'
}

/**
 * Upserts app versions by (platform, version), all or nothing: any
 * problem refuses the whole set before anything is written. A dry run
 * computes the same outcome and rolls back. `deleted_at` is never
 * touched: a soft-deleted version stays deleted.
 */
export default class SeedAppVersions {
  async handle({ entries, dryRun = false }: Params, trx?: TransactionClientContract) {
    const problems = problemsOf(entries)
    if (problems.length) {
      throw new UnprocessableException('errors.app_versions_refused', { details: { problems } })
    }

    const run = async (client: TransactionClientContract) => {
      const results: SeedResult[] = []
      for (const entry of entries) {
        const outcome = await upsert(entry, client)
        results.push({ platform: entry.platform, version: entry.version, outcome })
      }
      if (dryRun) throw new DryRunRollback(results)
      return results
    }

    try {
      return await (trx ? trx.transaction(run) : db.transaction(run))
    } catch (error) {
      if (error instanceof DryRunRollback) return error.results
      throw error
    }
  }
}
