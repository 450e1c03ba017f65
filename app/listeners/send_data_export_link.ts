import drive from '@adonisjs/drive/services/main'
import type { DataExportReadyEvent } from '#events/profile_events'
import DataExport from '#models/data_export'
import { appLink, sendDedicatedMail } from '#services/notifications/event_notifications'

/**
 * E-mails the user a signed link to the archive of their personal data
 * export. The link expires with the export (`expiresAt`, DATA_EXPORT_TTL_DAYS);
 * GET /users/me/data-exports/:id gives a fresh short-lived one meanwhile.
 */
export default class SendDataExportLink {
  async handle({ user, exportId, trx }: DataExportReadyEvent) {
    const dataExport = await DataExport.find(exportId, { client: trx })
    if (!dataExport?.filePath || !dataExport.expiresAt || !user.email) return

    const seconds = Math.max(60, Math.floor(dataExport.expiresAt.diffNow('seconds').seconds))
    // The fs disk signs a relative route: the e-mail needs an absolute link
    const signed = await drive.use().getSignedUrl(dataExport.filePath, {
      expiresIn: `${seconds}s`,
      contentType: 'application/json',
      contentDisposition: 'attachment; filename="personal-data.json"',
    })
    await sendDedicatedMail(
      'profile/data_export_ready',
      { to: user.email, toName: user.name, subject: 'Sua exportação de dados está pronta' },
      {
        name: user.name,
        url: appLink(signed),
        expiresAt: dataExport.expiresAt.setZone('America/Sao_Paulo').toFormat('dd/MM/yyyy HH:mm'),
        requestedAt: dataExport.createdAt.setZone('America/Sao_Paulo').toFormat('dd/MM/yyyy'),
      },
      trx
    )
  }
}
