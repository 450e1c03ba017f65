import drive from '@adonisjs/drive/services/main'
import env from '#start/env'
import DataExport from '#models/data_export'
import type User from '#models/user'
import { NotFoundException } from '#exceptions/http_exceptions'

/**
 * GET /users/me/data-exports/:id: the user's export and, while it is
 * ready and not expired, a signed URL of its archive (SIGNED_URL_TTL).
 */
export default class ShowDataExport {
  async handle(user: User, id: string) {
    const dataExport = await DataExport.query().where('id', id).where('user_id', user.id).first()
    if (!dataExport) throw new NotFoundException('errors.data_export_not_found')

    let url: string | null = null
    if (dataExport.status === 'ready' && dataExport.filePath && !dataExport.isExpired) {
      url = await drive.use().getSignedUrl(dataExport.filePath, {
        expiresIn: env.get('SIGNED_URL_TTL', '30m'),
        contentType: 'application/json',
        contentDisposition: 'attachment; filename="personal-data.json"',
      })
    }
    return { dataExport, url }
  }
}
