import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import type ContractSignatureGroup from '#models/contract_signature_group'
import type User from '#models/user'
import ContractDocumentService from '#services/contracts/document_service'
import ContractEventService from '#services/contracts/event_service'
import ContractPdfService from '#services/contracts/pdf_service'
import FileStorageService from '#services/files/storage_service'
import Clock from '#services/platform/clock'

/**
 * All signed: renders the signed PDF (contract text + certificate page),
 * stores it privately, and moves the contract to `completed` (the sweep
 * makes it `active` on its start date). Nested in the signing transaction.
 */
@inject()
export default class CompleteContractSigning {
  constructor(
    protected documents: ContractDocumentService,
    protected pdf: ContractPdfService,
    protected storage: FileStorageService,
    protected events: ContractEventService,
    protected clock: Clock
  ) {}

  async handle(
    contract: Contract,
    actor: User,
    groups: ContractSignatureGroup[],
    trx: TransactionClientContract
  ) {
    const { items } = await this.documents.documentText(contract, trx)
    const bytes = await this.pdf.render({
      contractId: contract.id,
      contractName: contract.name,
      items,
      documentHash: contract.documentHash ?? '',
      signers: groups.flatMap((group) =>
        group.members.map((member) => ({
          name: member.name,
          email: member.email,
          group: group.name,
          signedAt: member.signedAt?.toISO() ?? '',
          ipAddress: member.ipAddress,
          userAgent: member.userAgent,
          documentHash: member.documentHash,
        }))
      ),
    })
    const stored = await this.storage.put(
      `contracts/${contract.id}/signed/${contract.id}-signed.pdf`,
      bytes,
      'application/pdf'
    )

    const from = contract.status
    contract.merge({
      status: 'completed',
      completedAt: this.clock.local(),
      signedDocumentPath: stored.path,
    })
    await contract.save()
    await this.events.closed(
      contract,
      actor,
      from,
      { to: 'completed', signedDocumentSha256: stored.sha256 },
      trx
    )
  }
}
