import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import Company from '#models/company'
import DocumentClaims from '#services/companies/document_claims'
import { NotFoundException } from '#exceptions/http_exceptions'

/**
 * An operator's decision (`companies:verify-document`): the company gets
 * its CNPJ, any other holder or claim loses it, audited with the note.
 */
@inject()
export default class VerifyCompanyDocument {
  constructor(private documentClaims: DocumentClaims) {}

  async handle(companyId: string, document: string, note: string) {
    return db.transaction(async (trx) => {
      const company = await Company.query({ client: trx })
        .where({ id: companyId, document })
        .first()
      if (!company) throw new NotFoundException('errors.company_claim_not_found')
      await this.documentClaims.prove(company, { kind: 'operator', note }, trx)
      return company
    })
  }
}
