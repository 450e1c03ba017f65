import { inject } from '@adonisjs/core'
import Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import ContractUploadedFile from '#models/contract_uploaded_file'
import User from '#models/user'
import type Company from '#models/company'
import FileStorageService from '#services/files/storage_service'
import { logoUrl } from '#services/files/logo_urls'
import Clock from '#services/platform/clock'
import ContractRequirementsService from '#services/contracts/requirements_service'
import { queryTeamLinks } from '#models/queries/team_links'
import { minutesToHours, periodsAt } from '#support/hours'
import ContractTeamMemberDto from '#dtos/contract_team_member_dto'
import ContractUploadedFileDto from '#dtos/contract_uploaded_file_dto'
import { parallelReads } from '#support/parallel_reads'

/**
 * H10: per counterparty part (the provider side of the contract's
 * perspective), its uploaded files and counts; `total` is the number of
 * documents to upload (isDownload false); `allApproved` is the upload rule
 * that signing requires (ContractRequirementsService, step `upload`).
 */
@inject()
export default class ListContractUploads {
  constructor(
    protected storage: FileStorageService,
    protected clock: Clock,
    protected requirements: ContractRequirementsService
  ) {}

  async handle(company: Company, id: string) {
    const contract = await Contract.findOwned(company.id, id)
    const [parts, files, total, missing] = await parallelReads([
      () =>
        ContractPart.links()
          .ofContract(contract.id)
          .counterparties()
          .query.preload('company')
          .preload('user')
          .orderBy('created_at'),
      () =>
        ContractUploadedFile.query()
          .where('contract_id', contract.id)
          .preload('document')
          .orderBy('uploaded_at'),
      () => contract.related('documents').query().where('is_download', false).count('* as total'),
      () => this.requirements.missing(contract, 'upload'),
    ])
    const owners = await this.#owners(parts)
    const hours = await this.#hours(company, contract.id)
    const urls = await this.storage.signedUrls(files.map((file) => file.filePath))
    const logos = await Promise.all(parts.map((part) => logoUrl(part.company?.logo)))
    const documentTotal = Number(total[0].$extras.total)

    const providers = parts.map((part, partIndex) => {
      /** Files sent for this part, through H6 or (provider) onboarding A2 */
      const documents = files
        .map((file, index) => ({ file, url: urls[index]! }))
        .filter(({ file }) => file.partId === part.id)
        .map(({ file, url }) => ContractUploadedFileDto.reviewed(file, url))
      return {
        total: documentTotal,
        approved: documents.filter((doc) => doc.status === 'approved').length,
        rejected: documents.filter((doc) => doc.status === 'rejected').length,
        provider: ContractTeamMemberDto.fromPart(
          part,
          contract,
          part.companyId ? (owners.get(part.companyId) ?? null) : null,
          logos[partIndex],
          hours.get(part.id)
        ),
        documents,
      }
    })
    return {
      providers,
      /** The rule that starting signatures applies (no provider part: false) */
      allApproved: missing.length === 0,
    }
  }

  /** Week/month totals and last entry per provider link, through the team area's query */
  async #hours(company: Company, contractId: string) {
    const { rows } = await queryTeamLinks(
      { borrowerId: company.id },
      { contractId, page: 1, pageSize: 1000 },
      periodsAt(this.clock.now(), company.timezone)
    )
    return new Map(
      rows.map((row) => [
        row.part_id,
        {
          totalHoursWeek: minutesToHours(row.week_minutes),
          totalHoursMonth: minutesToHours(row.month_minutes),
          lastEntry: row.last_date,
        },
      ])
    )
  }

  async #owners(parts: ContractPart[]) {
    const companyIds = parts.flatMap((part) => (part.companyId ? [part.companyId] : []))
    if (!companyIds.length) return new Map<string, User>()
    const owners = await User.query()
      .join('company_members', 'company_members.user_id', 'users.id')
      .whereIn('company_members.company_id', companyIds)
      .where('company_members.role', 'owner')
      .select('users.*', 'company_members.company_id as owner_of')
    return new Map(owners.map((owner) => [owner.$extras.owner_of as string, owner]))
  }
}
