import CompanyMember from '#models/company_member'
import type User from '#models/user'
import CompanyDto from '#dtos/company_dto'
import { logoUrl } from '#services/files/logo_urls'

/**
 * The companies the user belongs to (GET /company), oldest membership
 * first, each with the user's role and the logo's signed URL.
 */
export default class ListUserCompanies {
  async handle(user: User) {
    const rows = await CompanyMember.companiesOfUser(user.id)
    return Promise.all(rows.map(async (row) => CompanyDto.fromRow(row, await logoUrl(row.logo))))
  }
}
