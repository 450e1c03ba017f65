import { inject } from '@adonisjs/core'
import AuthSession from '#models/auth_session'
import CompanyMember from '#models/company_member'
import { isProvider } from '#enums/roles'
import type User from '#models/user'
import CheckUserOnboarding from '#actions/profile/check_user_onboarding'
import CheckCompanyOnboarding from '#actions/profile/check_company_onboarding'
import { permissionsOf } from '#support/permissions'
import Clock from '#services/platform/clock'

/**
 * GET /users/me: the user, their active sessions (newest first), the
 * permissions of their role in the context company (none without one)
 * and whether the user or the company onboarding is incomplete.
 */
@inject()
export default class ShowProfile {
  constructor(
    private userOnboarding: CheckUserOnboarding,
    private companyOnboarding: CheckCompanyOnboarding,
    protected clock: Clock
  ) {}

  async handle(user: User, membership: CompanyMember | null) {
    const sessions = await AuthSession.query()
      .where('user_id', user.id)
      .whereNull('revoked_at')
      .where('expires_at', '>', this.clock.local().toSQL()!)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')

    const userPending = !this.userOnboarding.handle(user).complete
    const companies = await this.#ownCompanies(user, membership)
    const companyPending = companies.some(
      (company) => !this.companyOnboarding.handle(company).complete
    )

    return {
      user,
      sessions,
      permissions: permissionsOf(membership?.role),
      hasPendingInformation: userPending || companyPending,
    }
  }

  /**
   * The company onboarding(s) the user can complete: the context company on
   * the borrower side; for a provider, whose context is the borrower it
   * works for, its own legal entities (none for a natural person), never
   * the borrower's.
   */
  async #ownCompanies(user: User, membership: CompanyMember | null) {
    if (!membership) return []
    if (!isProvider(membership.role)) return [membership.company]
    return CompanyMember.ownedCompanies(user.id)
  }
}
