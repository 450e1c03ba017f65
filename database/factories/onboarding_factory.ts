import factory from '@adonisjs/lucid/factories'
import Contract from '#models/contract'

/** A borrower contract waiting for its providers (status `provider`) */
export const OnboardingContractFactory = factory
  .define(Contract, ({ faker }) => ({
    name: `Contrato ${faker.company.buzzNoun()} ${faker.string.alphanumeric(4)}`,
    status: 'provider' as const,
    progress: 80,
    snapshot: {},
  }))
  .build()
