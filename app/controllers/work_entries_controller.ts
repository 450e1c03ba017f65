import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import Clock from '#services/platform/clock'
import CreateWorkEntry from '#actions/hours/create_work_entry'
import UpdateWorkEntry from '#actions/hours/update_work_entry'
import DeleteWorkEntry from '#actions/hours/delete_work_entry'
import ListWorkEntries from '#actions/hours/list_work_entries'
import SummarizeProviderHours from '#actions/hours/summarize_provider_hours'
import WorkEntryDto from '#dtos/work_entry_dto'
import WorkEntry from '#models/work_entry'
import PageMetaDto from '#dtos/page_meta_dto'
import { hoursMeta } from '#validators/rules/time'
import { listWorkEntriesValidator, saveWorkEntryValidator } from '#validators/work_entry'

/** The body of a work entry, its day checked against today in the company's timezone */
function validEntry({ request, company }: HttpContext, clock: Clock) {
  return request.validateUsing(saveWorkEntryValidator, {
    meta: hoursMeta(request, clock.now(), company.timezone, 'entry'),
  })
}

/** Hours monitoring (G) and B8: work entries and a provider's hour summaries */
export default class WorkEntriesController {
  @inject()
  async index({ request, membership, params }: HttpContext, listEntries: ListWorkEntries) {
    const filters = await request.validateUsing(listWorkEntriesValidator)
    const page = await listEntries.handle(membership, params.id, filters)
    return {
      data: page.all().map((entry) => WorkEntryDto.fromModel(entry)),
      meta: PageMetaDto.from(page.total, page.currentPage, page.perPage),
    }
  }

  @inject()
  async summary({ membership, params }: HttpContext, summarize: SummarizeProviderHours) {
    return { data: await summarize.handle(membership, params.id) }
  }

  async show({ membership, params }: HttpContext) {
    return { data: WorkEntryDto.fromModel(await WorkEntry.findVisible(membership, params.id)) }
  }

  @inject()
  async store(ctx: HttpContext, clock: Clock, createEntry: CreateWorkEntry) {
    const entry = await createEntry.handle(ctx.membership, await validEntry(ctx, clock))
    return ctx.response.created({ data: WorkEntryDto.fromModel(entry) })
  }

  @inject()
  async update(ctx: HttpContext, clock: Clock, updateEntry: UpdateWorkEntry) {
    const payload = await validEntry(ctx, clock)
    const entry = await updateEntry.handle(ctx.membership, ctx.params.id, payload)
    return { data: WorkEntryDto.fromModel(entry) }
  }

  @inject()
  async destroy({ response, membership, params }: HttpContext, deleteEntry: DeleteWorkEntry) {
    await deleteEntry.handle(membership, params.id)
    return response.noContent()
  }
}
