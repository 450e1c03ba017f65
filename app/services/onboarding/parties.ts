import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import CompanyMember from '#models/company_member'
import User from '#models/user'
import type { OnboardingRecipient } from '#events/onboarding_events'

interface ProviderRef {
  providerCompanyId: string | null
  providerUserId: string | null
  borrowerCompanyId: string
}

const toRecipient = (user: User, companyId: string): OnboardingRecipient => ({
  userId: user.id,
  companyId,
  email: user.email,
  name: user.name,
  locale: user.locale,
})

/**
 * Who acts for a provider: the natural person, or the OWNER user of the
 * provider company (oldest owner with an e-mail). Null when there is none.
 * A natural person's notifications belong to the borrower company (the
 * company of their `provider` membership).
 */
export async function providerContact(
  provider: ProviderRef,
  trx?: TransactionClientContract
): Promise<OnboardingRecipient | null> {
  if (provider.providerUserId) {
    const user = await User.find(provider.providerUserId, { client: trx })
    return user?.email ? toRecipient(user, provider.borrowerCompanyId) : null
  }
  const owner = await CompanyMember.ownerOf(provider.providerCompanyId!, trx)
  return owner ? toRecipient(owner.user, owner.companyId) : null
}

/** The borrower side to notify of a submission: owners and admins */
export async function borrowerReviewers(companyId: string, trx?: TransactionClientContract) {
  const members = await CompanyMember.query({ client: trx })
    .where('company_id', companyId)
    .whereIn('role', ['owner', 'admin'])
    .preload('user')
    .orderBy('created_at', 'asc')
  return members.map((member) => toRecipient(member.user, companyId))
}
