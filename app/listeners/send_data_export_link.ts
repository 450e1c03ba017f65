import drive from '@adonisjs/drive/services/main'
import type { DataExportReadyEvent } from '#events/profile_events'
import DataExport from '#models/data_export'
import { formatDay, i18nFor, phrase } from '#support/i18n'
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
    const i18n = i18nFor(user.locale)
    await sendDedicatedMail(
      'profile/data_export_ready',
      {
        to: user,
        subject: phrase('mail.data_export.subject'),
      },
      {
        name: user.name,
        url: appLink(signed),
        expiresAt: formatDay(i18n, dataExport.expiresAt.setZone('America/Sao_Paulo'), true),
        requestedAt: dataExport.createdAt.setZone('America/Sao_Paulo'),
      },
      trx
    )
  }
}
