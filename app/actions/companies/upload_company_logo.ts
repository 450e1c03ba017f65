import { inject } from '@adonisjs/core'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type Company from '#models/company'
import FileStorageService, { type UploadRules } from '#services/files/storage_service'
import { companyLogoKey } from '#services/files/logo_urls'
import SetCompanyLogo from '#actions/companies/set_company_logo'
import { assertContextCompany } from '#actions/notifications/show_company_notification_settings'

/**
 * What a logo may be: raster images a browser shows inline (the file route
 * serves them as images, never as script), their bytes sniffed against the
 * extension; 2 MB is far more than a logo needs and keeps lists light.
 */
export const LOGO_RULES: UploadRules = {
  acceptedFormats: ['png', 'jpg', 'jpeg', 'webp'],
  maxFileSize: 2 * 1024 * 1024,
  messages: { FORMAT: 'errors.logo_format' },
}

/**
 * POST /company/:id/logo (owner or admin): the file is checked (type by
 * extension and bytes, size, emptiness) before anything is written, stored
 * privately under `companies/<id>/logo/`, then becomes the logo; a refused
 * or failed change leaves no file behind and the old logo in place.
 */
@inject()
export default class UploadCompanyLogo {
  constructor(
    protected storage: FileStorageService,
    protected setLogo: SetCompanyLogo
  ) {}

  async handle(company: Company, id: string, file: MultipartFile | null) {
    assertContextCompany(company, id)
    const upload = await this.storage.validate(file, LOGO_RULES)
    const stored = await this.storage.storeAs(upload, companyLogoKey(company.id, upload.extension))
    try {
      return await this.setLogo.handle(company, id, stored.path)
    } catch (error) {
      await this.storage.remove(stored.path)
      throw error
    }
  }
}
