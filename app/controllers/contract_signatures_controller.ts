import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ShowSignatures from '#actions/contracts/show_signatures'
import ConfigureSignatures from '#actions/contracts/configure_signatures'
import StartSignatures from '#actions/contracts/start_signatures'
import SignContract from '#actions/contracts/sign_contract'
import RejectSignature from '#actions/contracts/reject_signature'
import RemindSigners from '#actions/contracts/remind_signers'
import {
  configureSignaturesValidator,
  rejectSignatureValidator,
} from '#validators/contract_signature'

export default class ContractSignaturesController {
  /** GET /contracts/:id/signatures (ContractSignaturesResponse) */
  @inject()
  async show({ params, auth, company, membership }: HttpContext, show: ShowSignatures) {
    return { data: await show.handle(company, membership, auth.getUserOrFail(), params.id) }
  }

  /** PUT /contracts/:id/signatures/configuration */
  @inject()
  async configure({ request, params, auth, company }: HttpContext, configure: ConfigureSignatures) {
    const payload = await request.validateUsing(configureSignaturesValidator)
    return { data: await configure.handle(company, auth.getUserOrFail(), params.id, payload) }
  }

  /** POST /contracts/:id/signatures/start */
  @inject()
  async start({ params, auth, company }: HttpContext, start: StartSignatures) {
    return { data: await start.handle(company, auth.getUserOrFail(), params.id) }
  }

  /** POST /contracts/:id/signatures/sign */
  @inject()
  async sign({ request, params, auth, bouncer, company }: HttpContext, sign: SignContract) {
    const audit = { ip: request.ip(), userAgent: request.header('user-agent') ?? null }
    return { data: await sign.handle(company, auth.getUserOrFail(), bouncer, params.id, audit) }
  }

  /** POST /contracts/:id/signatures/reject */
  @inject()
  async reject({ request, params, auth, bouncer, company }: HttpContext, reject: RejectSignature) {
    const { reason } = await request.validateUsing(rejectSignatureValidator)
    const user = auth.getUserOrFail()
    return { data: await reject.handle(company, user, bouncer, params.id, reason) }
  }

  /** POST /contracts/:id/signatures/reminders */
  @inject()
  async remind({ params, auth, company }: HttpContext, remind: RemindSigners) {
    return { data: await remind.handle(company, auth.getUserOrFail(), params.id) }
  }
}
