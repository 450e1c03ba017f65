import { randomUUID } from 'node:crypto'
import type { Infer } from '@vinejs/vine/types'
import type Company from '#models/company'
import type User from '#models/user'
import type { inviteTeamMemberValidator } from '#validators/team'

/**
 * E4's 201 body `{user: {id, name, email}, company: {id, name, document}}`.
 */
export default class TeamInviteResultDto {
  /** The person and company the borrower registered */
  static fromModels(user: User, company: Company) {
    return {
      user: { id: user.id, name: user.name, email: user.email },
      company: { id: company.id, name: company.name, document: company.document },
    }
  }

  /**
   * An existing account was only invited: the same shape, echoing what the
   * caller sent with random ids, so the answer reveals nothing of the
   * account (not its id, its stored name, nor that it exists). A person
   * the borrower registered keeps its real id; the company is echoed when
   * the CNPJ belongs to a verified company the caller must not learn of.
   */
  static echo(sent: Infer<typeof inviteTeamMemberValidator>, registered?: User) {
    return {
      user: {
        id: registered?.id ?? randomUUID(),
        name: sent.legalRepresentative.name,
        email: sent.legalRepresentative.email,
      },
      company: { id: randomUUID(), name: sent.name, document: sent.document },
    }
  }
}
