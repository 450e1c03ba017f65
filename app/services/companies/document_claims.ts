import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Clock from '#services/platform/clock'
import Company from '#models/company'
import CompanyDocumentEvent from '#models/company_document_event'
import { withAdvisoryLock } from '#support/advisory_lock'

/** What proved a right to a CNPJ */
export type DocumentProofOf =
  { kind: 'invitation'; invitationId: string; userId: string } | { kind: 'operator'; note: string }

export type ProofOutcome = 'verified' | 'disputed'

/**
 * The CNPJ claim rule (docs/security.md, "CNPJ claims"). A CNPJ typed by
 * anyone is a claim; it becomes the company's when proved. Without a
 * verified holder, the proving company is verified and every other claim
 * on the CNPJ is revoked. Against a verified holder, an invitation only
 * opens a dispute; an operator's decision transfers the CNPJ. Every
 * decision is an audit row, and decisions on one CNPJ take turns.
 */
@inject()
export default class DocumentClaims {
  constructor(private clock: Clock) {}

  async prove(
    company: Company,
    proof: DocumentProofOf,
    trx: TransactionClientContract
  ): Promise<ProofOutcome> {
    return withAdvisoryLock(
      trx,
      `company-document:${company.document}`,
      () => this.#prove(company, proof, trx),
      { wait: true }
    )
  }

  /** Someone proved a mailbox for a verified company they do not own: the operator decides */
  async dispute(
    holder: Company,
    proof: DocumentProofOf,
    claimant: { companyId?: string | null; userId?: string | null },
    trx: TransactionClientContract
  ) {
    await this.#record(holder, 'disputed', proof, trx, claimant)
  }

  async #prove(company: Company, proof: DocumentProofOf, trx: TransactionClientContract) {
    await company.useTransaction(trx).refresh()
    if (company.documentStatus === 'verified') return 'verified'
    const others = await Company.query({ client: trx })
      .where('document', company.document)
      .whereNot('id', company.id)
      .forUpdate()
    const holder = others.find((other) => other.documentStatus === 'verified')
    const claimantUserId = proof.kind === 'invitation' ? proof.userId : null
    if (holder && proof.kind === 'invitation') {
      await this.dispute(holder, proof, { companyId: company.id, userId: claimantUserId }, trx)
      return 'disputed'
    }
    for (const other of others.filter((row) => row.documentStatus !== 'revoked')) {
      await other
        .useTransaction(trx)
        .merge({ documentStatus: 'revoked', documentVerifiedAt: null })
        .save()
      await this.#record(other, 'revoked', proof, trx, { companyId: company.id })
    }
    await company.merge({ documentStatus: 'verified', documentVerifiedAt: this.clock.now() }).save()
    await this.#record(company, 'verified', proof, trx, { userId: claimantUserId })
    return 'verified'
  }

  async #record(
    company: Company,
    event: CompanyDocumentEvent['event'],
    proof: DocumentProofOf,
    trx: TransactionClientContract,
    claimant: { companyId?: string | null; userId?: string | null }
  ) {
    await CompanyDocumentEvent.create(
      {
        document: company.document,
        companyId: company.id,
        event,
        proof: proof.kind,
        invitationId: proof.kind === 'invitation' ? proof.invitationId : null,
        claimantCompanyId: claimant.companyId ?? null,
        claimantUserId: claimant.userId ?? null,
        note: proof.kind === 'operator' ? proof.note : null,
      },
      { client: trx }
    )
  }
}
