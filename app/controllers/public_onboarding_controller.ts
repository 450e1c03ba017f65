import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ShowOnboarding from '#actions/onboarding/show_onboarding'
import UploadOnboardingDocument from '#actions/onboarding/upload_onboarding_document'
import RemoveOnboardingDocumentFile from '#actions/onboarding/remove_onboarding_document_file'
import SaveOnboardingForm from '#actions/onboarding/save_onboarding_form'
import SubmitOnboarding from '#actions/onboarding/submit_onboarding'
import OnboardingViewDto from '#dtos/onboarding_view_dto'
import UploadResultDto from '#dtos/upload_result_dto'
import { saveOnboardingFormValidator } from '#validators/onboarding'
import { ONBOARDING_MESSAGES } from '#support/onboarding'

/**
 * Provider onboarding (spec A1-A5): public, the onboarding comes from the
 * token (onboardingToken middleware).
 */
export default class PublicOnboardingController {
  @inject()
  async show({ onboarding }: HttpContext, showOnboarding: ShowOnboarding) {
    const view = await showOnboarding.handle(onboarding)
    return { data: OnboardingViewDto.fromModel(view.onboarding, view.fileUrls) }
  }

  @inject()
  async upload({ onboarding, params, request }: HttpContext, upload: UploadOnboardingDocument) {
    const files = request.files('file')
    const { document, fileUrl } = await upload.handle({
      onboarding,
      documentId: params.documentId,
      files,
    })
    return { data: UploadResultDto.fromModel(document, fileUrl) }
  }

  @inject()
  async removeFile({ onboarding, params }: HttpContext, remove: RemoveOnboardingDocumentFile) {
    const document = await remove.handle(onboarding, params.documentId)
    return { data: { documentId: document.id, status: document.status } }
  }

  @inject()
  async saveForm({ onboarding, request, i18n }: HttpContext, saveForm: SaveOnboardingForm) {
    const payload = await request.validateUsing(saveOnboardingFormValidator)
    await saveForm.handle(onboarding, payload)
    return { data: { message: i18n.t(ONBOARDING_MESSAGES.formSaved) } }
  }

  @inject()
  async submit({ onboarding, i18n }: HttpContext, submitOnboarding: SubmitOnboarding) {
    await submitOnboarding.handle(onboarding)
    return { data: { message: i18n.t(ONBOARDING_MESSAGES.submitted) } }
  }
}
