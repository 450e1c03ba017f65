import db from '@adonisjs/lucid/services/db'
import { inject } from '@adonisjs/core'
import type Company from '#models/company'
import type User from '#models/user'
import ContractHistory from '#models/contract_history'
import SendProviderOnboarding from '#actions/onboarding/send_provider_onboarding'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import { BadRequestException } from '#exceptions/http_exceptions'
import { ONBOARDING_MESSAGES } from '#support/onboarding'

interface Params {
  company: Company
  user: User
  contractId: string
}

/**
 * H17: the H16 e-mail to every provider of a contract in status
 * `provider`, all or nothing: every provider is checked before anything
 * is sent. The contract moves to `provider_filling` and
 * PROVIDER_ONBOARDING_STARTED {providerCount} is recorded.
 */
@inject()
export default class StartProviderOnboarding {
  constructor(protected sendOnboarding: SendProviderOnboarding) {}

  async handle({ company, user, contractId }: Params) {
    return db.transaction(async (trx) => {
      const contract = await Contract.findForOnboarding(company.id, contractId, trx)
      if (contract.status !== 'provider') {
        throw new BadRequestException(ONBOARDING_MESSAGES.notInProviderStatus)
      }
      const parts = await ContractPart.links(trx)
        .ofContract(contract.id)
        .providers()
        .query.orderBy('contract_parts.created_at', 'asc')
      if (!parts.length) throw new BadRequestException(ONBOARDING_MESSAGES.noProviders)

      const dispatches = []
      for (const part of parts)
        dispatches.push(await this.sendOnboarding.prepare(contract, part, trx))
      for (const dispatch of dispatches)
        await this.sendOnboarding.send(contract, dispatch, user, trx)

      contract.status = 'provider_filling'
      await contract.useTransaction(trx).save()
      await ContractHistory.create(
        {
          contractId: contract.id,
          type: 'PROVIDER_ONBOARDING_STARTED',
          actorId: user.id,
          payload: { providerCount: parts.length },
        },
        { client: trx }
      )
      return { providerCount: parts.length }
    })
  }
}
