import Company from '#models/company'
import CompanyDocumentEvent from '#models/company_document_event'

/** Every company holding or claiming a CNPJ, and the audit of its decisions (operators) */
export default class ListDocumentHolders {
  async handle(document: string) {
    const [companies, events] = await Promise.all([
      Company.query().where('document', document).orderBy('created_at'),
      CompanyDocumentEvent.query().where('document', document).orderBy('created_at'),
    ])
    return { companies, events }
  }
}
