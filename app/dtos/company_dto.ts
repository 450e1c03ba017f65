import type Company from '#models/company'
import type { MemberRole } from '#enums/roles'

/**
 * A company as returned by the API; `document` is the CNPJ without
 * punctuation, as stored. `logo` is the URL the caller computed from the
 * stored value (`logoUrl`: a signed URL needs the storage, a DTO does no I/O).
 */
export default class CompanyDto {
  static fromModel(company: Company, logo: string | null) {
    return {
      id: company.id,
      name: company.name,
      tradeName: company.tradeName ?? null,
      document: company.document,
      email: company.email ?? null,
      phone: company.phone ?? null,
      logo,
      timezone: company.timezone,
      createdAt: company.createdAt.toISO()!,
      updatedAt: company.updatedAt.toISO()!,
    }
  }

  /** A company of the caller (GET /company), with the caller's role in it */
  static withRole(company: Company, role: MemberRole, logo: string | null) {
    return { ...CompanyDto.fromModel(company, logo), role }
  }
}
