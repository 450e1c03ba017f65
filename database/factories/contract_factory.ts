import factory from '@adonisjs/lucid/factories'
import { DateTime } from 'luxon'
import Workflow from '#models/workflow'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import ContractTemplate from '#models/contract_template'

export const WorkflowFactory = factory
  .define(Workflow, ({ faker }) => ({
    name: `${faker.word.words(2)} workflow`,
    companyRole: 'borrower' as const,
    deadlineDays: 7,
    steps: [],
  }))
  .state('providerPerspective', (workflow) => {
    workflow.companyRole = 'provider'
  })
  .build()

export const ContractTemplateFactory = factory
  .define(ContractTemplate, ({ faker }) => ({
    name: `${faker.word.words(2)} template`,
    description: null,
    html: '<h1>Contrato {{contractName}}</h1><p>Valor: {{amount}}</p>',
    variables: [
      { name: 'contractName', label: 'Nome', type: 'text', source: 'borrower', required: true },
      { name: 'amount', label: 'Valor', type: 'money', source: 'borrower', required: false },
    ],
  }))
  .build()

export const ContractPartFactory = factory
  .define(ContractPart, () => ({ role: 'PROVIDER' as const, isActive: true }))
  /** The contract's own company (merge its companyId) */
  .state('borrower', (part) => {
    part.role = 'BORROWER'
  })
  /** A monthly provider part with its value and hours */
  .state('paid', (part) => {
    part.value = '8.000,00'
    part.valueCents = 800_000
    part.contractType = 'MONTHLY'
    part.monthlyHours = 160
  })
  .build()

export const ContractFactory = factory
  .define(Contract, ({ faker }) => ({
    name: `Contrato ${faker.company.name()}`,
    status: 'draft' as const,
    progress: 0,
    snapshot: {},
  }))
  /** Signed and running: what "a provider with an active contract" needs */
  .state('active', (contract) => {
    contract.status = 'active'
    contract.progress = 100
  })
  /** Started a month ago, ends in eleven months (hours and team periods fall inside) */
  .state('inTerm', (contract) => {
    contract.startDate = DateTime.now().minus({ months: 1 }).startOf('day')
    contract.endDate = DateTime.now().plus({ months: 11 }).startOf('day')
  })
  .relation('parts', () => ContractPartFactory)
  .build()
