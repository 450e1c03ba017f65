import { DateTime } from 'luxon'
import CompanyMember from '#models/company_member'
import type ContractPart from '#models/contract_part'
import type Company from '#models/company'
import type User from '#models/user'
import { CompanyFactory } from '#database/factories/company_factory'
import { ContractFactory, ContractPartFactory } from '#database/factories/contract_factory'
import { WorkEntryFactory } from '#database/factories/work_entry_factory'
import { companyWithOwner, memberOf } from '#tests/support/tenancy'
import { UserFactory } from '#database/factories/user_factory'
import type { ContractStatus } from '#enums/contract_status'

interface LinkOptions {
  status?: ContractStatus
  isActive?: boolean
  contractName?: string
}

/** A contract of the borrower with a PROVIDER part for the company or the user */
export async function linkProvider(
  borrower: Company,
  provider: { companyId: string } | { userId: string },
  options: LinkOptions = {}
) {
  const contract = await ContractFactory.apply('active', 'inTerm')
    .merge({
      companyId: borrower.id,
      ...(options.contractName ? { name: options.contractName } : {}),
    })
    /** States apply after merge: another status goes last */
    .tap((row) => {
      if (options.status) row.status = options.status
    })
    .with('parts', 1, (part) => part.apply('borrower').merge({ companyId: borrower.id }))
    .create()
  const part = await ContractPartFactory.apply('paid')
    .merge({
      contractId: contract.id,
      isActive: options.isActive ?? true,
      ...provider,
    })
    .create()
  return { contract, part }
}

async function providerMembership(borrower: Company, user: User) {
  await CompanyMember.firstOrCreate(
    { companyId: borrower.id, userId: user.id },
    { companyId: borrower.id, userId: user.id, role: 'provider' }
  )
}

/** A natural person with a provider membership and an active contract with the borrower */
export async function naturalProvider(borrower: Company, options: LinkOptions = {}) {
  const user = await UserFactory.create()
  await providerMembership(borrower, user)
  const link = await linkProvider(borrower, { userId: user.id }, options)
  return { user, ...link }
}

/** A provider company, its owner (provider member of the borrower) and an active contract */
export async function legalProvider(borrower: Company, options: LinkOptions = {}) {
  const company = await CompanyFactory.create()
  const owner = await memberOf(company, 'owner')
  await providerMembership(borrower, owner)
  const link = await linkProvider(borrower, { companyId: company.id }, options)
  return { company, owner, ...link }
}

/** A borrower (timezone America/Sao_Paulo) with its owner */
export async function borrowerCompany() {
  return companyWithOwner()
}

/** A work entry of the part on a day, with one task per duration */
export async function entryOn(part: ContractPart, user: User, date: string, minutes: number[]) {
  const contract = await part.related('contract').query().firstOrFail()
  return WorkEntryFactory.merge({
    companyId: contract.companyId,
    contractPartId: part.id,
    userId: user.id,
    date: DateTime.fromISO(date),
    totalMinutes: minutes.reduce((sum, value) => sum + value, 0),
  })
    .with('tasks', minutes.length, (task) =>
      task.merge(minutes.map((durationMinutes, position) => ({ durationMinutes, position })))
    )
    .create()
}
