import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'

export const ContractFactory = factory
  .define(Contract, ({ faker }) => ({
    name: `Contrato ${faker.commerce.productName()}`,
    status: 'active' as const,
    progress: 100,
    startDate: DateTime.now().minus({ months: 1 }).startOf('day'),
    endDate: DateTime.now().plus({ months: 11 }).startOf('day'),
    snapshot: {},
  }))
  .state('finished', (contract) => {
    contract.status = 'finished'
  })
  .build()

export const ContractPartFactory = factory
  .define(ContractPart, () => ({
    role: 'PROVIDER' as const,
    value: '8.000,00',
    valueCents: 800_000,
    contractType: 'MONTHLY' as const,
    monthlyHours: 160,
    isActive: true,
  }))
  .state('inactive', (part) => {
    part.isActive = false
  })
  .build()
