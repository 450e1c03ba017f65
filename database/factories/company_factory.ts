import factory from '@adonisjs/lucid/factories'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import { withCnpjCheckDigits } from '#support/documents'
import { UserFactory } from '#database/factories/user_factory'

export const CompanyFactory = factory
  .define(Company, ({ faker }) => ({
    name: `${faker.company.name()} Ltda`,
    tradeName: faker.company.name(),
    document: withCnpjCheckDigits(faker.string.numeric(12)),
    email: faker.internet.email().toLowerCase(),
    phone: faker.helpers.replaceSymbols('+55113#######'),
    logo: null,
    timezone: 'America/Sao_Paulo',
  }))
  .build()

export const CompanyMemberFactory = factory
  .define(CompanyMember, () => ({ role: 'owner' as const }))
  .relation('company', () => CompanyFactory)
  .relation('user', () => UserFactory)
  .build()
