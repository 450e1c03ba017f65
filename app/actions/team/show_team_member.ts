import { inject } from '@adonisjs/core'
import ContractPart from '#models/contract_part'
import AuthSession from '#models/auth_session'
import ContractUploadedFile from '#models/contract_uploaded_file'
import Clock from '#services/platform/clock'
import FileStorageService from '#services/files/storage_service'
import { withLogoUrls } from '#services/files/logo_urls'
import type Company from '#models/company'
import { CLOSED_STATUSES } from '#support/contract_rules'

/** Latest sessions shown in the member detail */
const SESSIONS_SHOWN = 20

/**
 * E2: the member (its primary link), the active contract, its closed
 * contracts with the borrower (history: finished, cancelled, archived;
 * contracts still being written, reviewed or signed are in neither), the
 * documents of the active contract and the natural person's sessions.
 */
@inject()
export default class ShowTeamMember {
  constructor(
    private clock: Clock,
    private storage: FileStorageService
  ) {}

  async handle(company: Company, memberId: string) {
    const rows = await ContractPart.findTeamLinks(company, { memberId }, this.clock.now())
    const [member] = await withLogoUrls([ContractPart.primaryLinkOf(rows)], 'co_logo')

    const parts = await ContractPart.query()
      .whereIn(
        'id',
        rows.map((row) => row.part_id)
      )
      .preload('contract')
    const active = parts.find(
      (part) => part.id === member.part_id && part.isActive && part.contract.status === 'active'
    )
    const history = parts
      .filter((part) => CLOSED_STATUSES.includes(part.contract.status))
      .sort((a, b) => b.contract.createdAt.toMillis() - a.contract.createdAt.toMillis())

    const sessions = member.company_id
      ? []
      : await AuthSession.query()
          .where('user_id', member.user_id!)
          .orderBy('created_at', 'desc')
          .limit(SESSIONS_SHOWN)

    const documents = active ? await this.#documents(active) : []
    return { member, active: active ?? null, history, documents, sessions }
  }

  /** TeamMemberDocument: the files this link uploaded for its contract (contracts area) */
  async #documents(part: ContractPart) {
    const files = await ContractUploadedFile.query()
      .where('contract_id', part.contractId)
      .where('part_id', part.id)
      .preload('document')
      .orderBy('uploaded_at')
    const urls = await this.storage.signedUrls(files.map((file) => file.filePath))
    return files.map((file, index) => ({
      id: file.id,
      name: file.document.name,
      fileName: file.fileName,
      fileUrl: urls[index]!,
      fileSize: file.fileSize,
      status: file.status,
      uploadedAt: file.uploadedAt.toISO()!,
    }))
  }
}
