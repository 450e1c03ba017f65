import { AsyncLocalStorage } from 'node:async_hooks'
import type { HttpContext } from '@adonisjs/core/http'
import { QueryClient } from '@adonisjs/lucid/database'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'

/**
 * The audit log's actor (who, for which company, through which route,
 * from which IP). Every transaction opened while an API write runs starts
 * with `set_config('app.audit', <actor>, true)`: the audited tables'
 * triggers (migration 1764500000001) read it and write the audit row in
 * the same transaction, so no action records its writes by hand and none
 * can forget to. A transaction-local setting ends with its transaction;
 * in a savepoint (nested transaction, the tests' global transaction) the
 * enclosing value is put back before the savepoint is released.
 */
const requests = new AsyncLocalStorage<HttpContext>()

/** Runs `next` with `ctx` as the request whose writes are audited */
export function runAudited<T>(ctx: HttpContext, next: () => T): T {
  return requests.run(ctx, next)
}

/** The actor of the running request's writes; null outside an authenticated write */
function actorSetting(): string | null {
  const ctx = requests.getStore()
  if (!ctx || ctx.request.method() === 'GET') return null
  const guard = ctx.auth?.use('jwt')
  const user = guard?.user
  if (!user) return null
  const key = guard.apiKey?.key
  return JSON.stringify({
    actorType: key ? 'api_key' : 'user',
    userId: user.id,
    apiKeyId: key?.id ?? null,
    companyId: (ctx.company as HttpContext['company'] | undefined)?.id ?? key?.companyId ?? null,
    operation: ctx.route?.name ?? null,
    ip: ctx.request.ip(),
    requestId: ctx.request.id() ?? null,
  })
}

type Begin = (this: { isTransaction?: boolean }, ...args: any[]) => Promise<any>

async function enter(trx: TransactionClientContract, actor: string): Promise<string> {
  const { rows } = await trx.rawQuery(
    `SELECT coalesce(current_setting('app.audit', true), '') AS previous,
            set_config('app.audit', ?, true) AS actor`,
    [actor]
  )
  return rows[0].previous
}

function audited(original: Begin, patchNested: (trx: object) => void): Begin {
  return async function (this: { isTransaction?: boolean }, ...args: any[]) {
    const [callbackOrOptions, options] = args
    const actor = actorSetting()
    if (typeof callbackOrOptions !== 'function') {
      const trx = await original.apply(this, args)
      patchNested(trx)
      if (actor) await enter(trx, actor)
      return trx
    }
    const nested = this.isTransaction === true
    return original.call(
      this,
      async (trx: TransactionClientContract) => {
        patchNested(trx)
        if (!actor) return callbackOrOptions(trx)
        const previous = await enter(trx, actor)
        const result = await callbackOrOptions(trx)
        if (nested) await trx.rawQuery(`SELECT set_config('app.audit', ?, true)`, [previous])
        return result
      },
      options
    )
  }
}

let installed = false

/** Hooks Lucid's transaction start (top-level and savepoints); idempotent */
export function installAuditHook() {
  if (installed) return
  installed = true
  let nestedPatched = false
  const patchNested = (trx: object) => {
    if (nestedPatched) return
    nestedPatched = true
    const prototype = Object.getPrototypeOf(trx) as { transaction: Begin }
    prototype.transaction = audited(prototype.transaction, patchNested)
  }
  const prototype = QueryClient.prototype as unknown as { transaction: Begin }
  prototype.transaction = audited(prototype.transaction, patchNested)
}
