import { BaseCommand, args, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import ListDocumentHolders from '#actions/companies/list_document_holders'
import VerifyCompanyDocument from '#actions/companies/verify_company_document'
import { NotFoundException } from '#exceptions/http_exceptions'
import { isValidCnpj, stripDocument } from '#support/documents'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * `node ace companies:document <cnpj>` shows who holds and who claims a
 * CNPJ, with its audit; `--verify=<company id> --note="..."` is the
 * operator's decision that transfers it (docs/security.md, "CNPJ claims").
 */
export default class CompaniesDocument extends BaseCommand {
  static commandName = 'companies:document'
  static description = 'Show the holders and claims of a CNPJ, or decide who holds it (--verify)'
  static options: CommandOptions = { startApp: true }

  @args.string({ description: 'The CNPJ (with or without punctuation)' })
  declare cnpj: string

  @flags.string({ description: 'Company id that proved the CNPJ to the operator' })
  declare verify?: string

  @flags.string({ description: 'Why (recorded in the audit; required with --verify)' })
  declare note?: string

  async run() {
    const document = stripDocument(this.cnpj)
    if (!isValidCnpj(document)) return this.fail(`Not a valid CNPJ: ${this.cnpj}`)
    if (this.verify !== undefined) {
      if (!UUID.test(this.verify)) return this.fail('--verify takes a company id')
      if (!this.note?.trim()) return this.fail('--note is required with --verify')
      try {
        const verify = await this.app.container.make(VerifyCompanyDocument)
        const company = await verify.handle(this.verify, document, this.note.trim())
        this.logger.success(`${company.name} (${company.id}) now holds ${document}`)
      } catch (error) {
        if (!(error instanceof NotFoundException)) throw error
        return this.fail(error.message)
      }
    }
    const { companies, events } = await new ListDocumentHolders().handle(document)
    for (const company of companies) {
      this.logger.info(`${company.documentStatus.padEnd(8)} ${company.id} ${company.name}`)
    }
    for (const event of events) {
      this.logger.info(
        `${event.createdAt.toISO()} ${event.event} ${event.companyId} by ${event.proof}` +
          (event.note ? `: ${event.note}` : '')
      )
    }
  }

  private fail(message: string) {
    this.logger.error(message)
    this.exitCode = 1
  }
}
