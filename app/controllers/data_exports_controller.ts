import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import RequestDataExport from '#actions/profile/request_data_export'
import ShowDataExport from '#actions/profile/show_data_export'
import DataExportDto from '#dtos/data_export_dto'
import { translator } from '#support/i18n'

export default class DataExportsController {
  /** POST /users/me/data-export: 202, built later by `data-exports:process` */
  @inject()
  async store({ auth, response }: HttpContext, requestExport: RequestDataExport) {
    const dataExport = await requestExport.handle(auth.getUserOrFail())
    return response.accepted({ data: DataExportDto.summary(dataExport) })
  }

  /** GET /users/me/data-exports/:id */
  @inject()
  async show({ auth, params, i18n }: HttpContext, showExport: ShowDataExport) {
    const { dataExport, url } = await showExport.handle(auth.getUserOrFail(), params.id)
    return { data: DataExportDto.fromModel(dataExport, url, translator(i18n)) }
  }
}
