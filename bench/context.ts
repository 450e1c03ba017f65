import hash from '@adonisjs/core/services/hash'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import sessionTokens from '#services/auth/session_token_service'
import { withCnpjCheckDigits } from '#support/documents'
import type { BenchContext } from '#bench/types'
import type { MemberRole } from '#enums/roles'

export const BENCH_PASSWORD = 'bench-pass-123'

async function ensureCompany(name: string, base12: string) {
  const document = withCnpjCheckDigits(base12)
  return Company.firstOrCreate({ document }, { name, tradeName: name, document })
}

export async function ensureUser(email: string, name: string) {
  const existing = await User.findBy('email', email)
  if (existing) return existing
  return User.create({ email, name, password: await hash.make(BENCH_PASSWORD) })
}

export async function ensureMember(company: Company, user: User, role: MemberRole) {
  await CompanyMember.firstOrCreate(
    { companyId: company.id, userId: user.id },
    { companyId: company.id, userId: user.id, role }
  )
}

/**
 * The bench's base tenants, created once on the bench database.
 */
export async function buildBenchContext(scale: number): Promise<BenchContext> {
  const borrower = await ensureCompany('Bench Borrower Ltda', '900000000001')
  const providerCompany = await ensureCompany('Bench Provider Ltda', '900000000002')
  const borrowerOwner = await ensureUser('owner@bench.test', 'Bench Owner')
  const providerOwner = await ensureUser('provider@bench.test', 'Bench Provider')
  await ensureMember(borrower, borrowerOwner, 'owner')
  await ensureMember(providerCompany, providerOwner, 'owner')
  await ensureMember(borrower, providerOwner, 'provider')

  return {
    scale,
    borrower,
    borrowerOwner,
    providerCompany,
    providerOwner,
    async tokenFor(user) {
      const { accessToken } = await sessionTokens.openSession(user, { browser: 'bench' })
      return accessToken
    },
  }
}
