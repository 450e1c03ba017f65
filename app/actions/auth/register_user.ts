import db from '@adonisjs/lucid/services/db'
import hash from '@adonisjs/core/services/hash'
import type { Infer } from '@vinejs/vine/types'
import User from '#models/user'
import Company from '#models/company'
import CompanyMember from '#models/company_member'
import type { registerValidator } from '#validators/auth'

type Params = Infer<typeof registerValidator>

/**
 * Creates a user and, when given, their company with the user as owner.
 */
export default class RegisterUser {
  async handle(params: Params) {
    return db.transaction(async (trx) => {
      const user = await User.create(
        {
          name: params.name,
          email: params.email,
          password: await hash.make(params.password),
        },
        { client: trx }
      )

      let company: Company | null = null
      if (params.company) {
        company = await Company.create(
          {
            name: params.company.name,
            tradeName: params.company.tradeName ?? null,
            document: params.company.document,
            email: params.email,
          },
          { client: trx }
        )
        await CompanyMember.create(
          { companyId: company.id, userId: user.id, role: 'owner' },
          { client: trx }
        )
      }

      return { user, company }
    })
  }
}
