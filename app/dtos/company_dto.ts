import type Company from '#models/company'
import type { CompanyWithRoleRow } from '#models/company_member'
import { isoTimestamp } from '#support/iso_timestamp'

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

  /**
   * A company of the caller (GET /company) with the caller's role in it,
   * from a plain row (read on every screen load: no model, no Luxon);
   * isoTimestamp writes what `fromModel`'s toISO() writes.
   */
  static fromRow(row: CompanyWithRoleRow, logo: string | null) {
    return {
      id: row.id,
      name: row.name,
      tradeName: row.trade_name ?? null,
      document: row.document,
      email: row.email ?? null,
      phone: row.phone ?? null,
      logo,
      timezone: row.timezone,
      createdAt: isoTimestamp(row.created_at),
      updatedAt: isoTimestamp(row.updated_at),
      role: row.role,
    }
  }
}
