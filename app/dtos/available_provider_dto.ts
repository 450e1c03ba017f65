import type { ActiveProvider } from '#services/compliance/providers'

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
