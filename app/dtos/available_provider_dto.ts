import type { ProviderType } from '#models/provider_compliance_flow'

/** A provider with an active contract with the borrower */
export interface ActiveProvider {
  providerId: string
  providerType: ProviderType
  name: string
  document: string
  avatar: string | null
  contractId: string
  contractName: string
}

/** spec: AvailableProvider (`id` = the provider id: company id or user id) */
export default class AvailableProviderDto {
  static fromProvider(provider: ActiveProvider) {
    return {
      id: provider.providerId,
      name: provider.name,
      document: provider.document,
      contractId: provider.contractId,
      contractName: provider.contractName,
      avatar: provider.avatar,
    }
  }
}
