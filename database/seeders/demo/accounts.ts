import { DateTime } from 'luxon'
import hash from '@adonisjs/core/services/hash'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import User from '#models/user'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import type { MemberRole } from '#enums/roles'

export const DEMO_PASSWORD = 'demo12345'

/** Valid CNPJs / CPF (check digits computed and verified by the unit tests) */
export const ACME_CNPJ = '11222333000181'
export const BETA_CNPJ = '45997418000153'
export const ANA_CPF = '52998224725'

interface DemoLogin {
  email: string
  name: string
  company: 'acme' | 'beta'
  role: MemberRole
  note: string
}

/** Printed by `npm run dev` and listed in the README */
export const DEMO_LOGINS: DemoLogin[] = [
  {
    email: 'owner@acme.test',
    name: 'Olivia Owner',
    company: 'acme',
    role: 'owner',
    note: 'Acme owner',
  },
  {
    email: 'admin@acme.test',
    name: 'Adam Admin',
    company: 'acme',
    role: 'admin',
    note: 'Acme admin',
  },
  {
    email: 'analyst@acme.test',
    name: 'Ana Lista',
    company: 'acme',
    role: 'borrower',
    note: 'Acme analyst',
  },
  {
    email: 'validator@acme.test',
    name: 'Vitor Validador',
    company: 'acme',
    role: 'user',
    note: 'Acme validator',
  },
  {
    email: 'beta@beta.test',
    name: 'Bruno Beta',
    company: 'beta',
    role: 'owner',
    note: 'Beta owner; provider in Acme',
  },
  {
    email: 'ana@provider.test',
    name: 'Ana Prestadora',
    company: 'acme',
    role: 'provider',
    note: 'natural-person provider in Acme',
  },
]

export interface DemoAccounts {
  acme: Company
  beta: Company
  users: Record<string, User>
}

async function upsertUser(login: DemoLogin, trx: TransactionClientContract) {
  const existing = await User.query({ client: trx }).where('email', login.email).first()
  if (existing) return existing
  return User.create(
    {
      name: login.name,
      email: login.email,
      password: await hash.make(DEMO_PASSWORD),
      /** Demo people own their (fictitious) mailboxes */
      emailVerifiedAt: DateTime.now(),
      cpf: login.email === 'ana@provider.test' ? ANA_CPF : null,
      phone: '+5511999990000',
    },
    { client: trx }
  )
}

async function ensureMembership(
  company: Company,
  user: User,
  role: MemberRole,
  trx: TransactionClientContract
) {
  await CompanyMember.firstOrCreate(
    { companyId: company.id, userId: user.id },
    { companyId: company.id, userId: user.id, role },
    { client: trx }
  )
}

/**
 * Borrower Acme, provider legal entity Beta (owner beta@beta.test, also a
 * provider member of Acme) and natural-person provider Ana.
 */
export async function seedAccounts(trx: TransactionClientContract): Promise<DemoAccounts> {
  const acme = await Company.firstOrCreate(
    { document: ACME_CNPJ },
    {
      name: 'Acme Serviços Ltda',
      tradeName: 'Acme',
      document: ACME_CNPJ,
      email: 'contato@acme.test',
      phone: '+551130000000',
      /** Verified by an operator: its invitations prove the CNPJs they name */
      documentStatus: 'verified',
      documentVerifiedAt: DateTime.utc(),
    },
    { client: trx }
  )
  const beta = await Company.firstOrCreate(
    { document: BETA_CNPJ },
    {
      name: 'Beta Consultoria Ltda',
      tradeName: 'Beta',
      document: BETA_CNPJ,
      email: 'contato@beta.test',
      phone: '+551140000000',
      /** Proved by accepting Acme's invitation */
      documentStatus: 'verified',
      documentVerifiedAt: DateTime.utc(),
    },
    { client: trx }
  )

  const users: Record<string, User> = {}
  for (const login of DEMO_LOGINS) {
    const user = await upsertUser(login, trx)
    users[login.email] = user
    await ensureMembership(login.company === 'acme' ? acme : beta, user, login.role, trx)
  }
  await ensureMembership(acme, users['beta@beta.test'], 'provider', trx)

  return { acme, beta, users }
}
