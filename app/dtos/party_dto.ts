import type Company from '#models/company'
import type User from '#models/user'
import { formatCnpj, formatCpf } from '#support/documents'

export type PartyRole = 'borrower' | 'provider'

/**
 * Party of the onboarding view: `cnpj` formatted with punctuation. A
 * natural-person provider has no CNPJ: its CPF is given (formatted) and
 * its name doubles as trade name.
 */
export default class PartyDto {
  static fromCompany(company: Company, role: PartyRole) {
    return {
      id: company.id,
      name: company.name,
      tradeName: company.tradeName ?? company.name,
      cnpj: formatCnpj(company.document),
      role,
    }
  }

  static fromUser(user: User, role: PartyRole) {
    return {
      id: user.id,
      name: user.name,
      tradeName: user.name,
      cnpj: user.cpf ? formatCpf(user.cpf) : '',
      role,
    }
  }
}
