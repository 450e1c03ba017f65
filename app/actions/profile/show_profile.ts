import { inject } from '@adonisjs/core'
import AuthSession from '#models/auth_session'
import type CompanyMember from '#models/company_member'
import type User from '#models/user'
import CheckUserOnboarding from '#actions/profile/check_user_onboarding'
import CheckCompanyOnboarding from '#actions/profile/check_company_onboarding'
import { permissionsOf } from '#support/permissions'
import Clock from '#services/platform/clock'

/**
 * GET /users/me: the user, their active sessions (newest first), the
 * permissions of their role in the context company (none without one)
 * and whether the user or the context company onboarding is incomplete.
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
    const companyPending = membership
      ? !this.companyOnboarding.handle(membership.company).complete
      : false

    return {
      user,
      sessions,
      permissions: permissionsOf(membership?.role),
      hasPendingInformation: userPending || companyPending,
    }
  }
}
