import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CreateOnboardingLink from '#actions/onboarding/create_onboarding_link'
import ListContractOnboardings from '#actions/onboarding/list_contract_onboardings'
import SendProviderOnboarding from '#actions/onboarding/send_provider_onboarding'
import StartProviderOnboarding from '#actions/onboarding/start_provider_onboarding'
import OnboardingDto from '#dtos/onboarding_dto'
import { createOnboardingLinkValidator } from '#validators/onboarding'

/**
 * Borrower side of provider onboarding: links (rule A5), the review list,
 * and the onboarding e-mails (H16, H17).
 */
export default class OnboardingsController {
  @inject()
  async index({ params, company }: HttpContext, list: ListContractOnboardings) {
    const { onboardings, fileUrls } = await list.handle(company, params.contractId)
    return { data: onboardings.map((item) => OnboardingDto.fromModel(item, fileUrls)) }
  }

  @inject()
  async createLink({ params, request, company }: HttpContext, createLink: CreateOnboardingLink) {
    const payload = await request.validateUsing(createOnboardingLinkValidator)
    const link = await createLink.handle({
      ...payload,
      company,
      contractId: params.contractId,
      providerId: params.providerId,
    })
    return { data: { url: link.url, token: link.token, expiresAt: link.expiresAt.toISO()! } }
  }

  /**
   * H16: `{data: {success}}`. The spec writes H3/H8/H9/H16/H17 in the same
   * notation and says only where a body is NOT wrapped (B1, E2); so, like
   * every contract route, this one is wrapped (docs/decisions.md).
   */
  @inject()
  async send({ params, auth, company }: HttpContext, send: SendProviderOnboarding) {
    await send.handle({
      company,
      user: auth.getUserOrFail(),
      contractId: params.contractId,
      providerId: params.providerId,
    })
    return { data: { success: true } }
  }

  /** H17: `{data: {success, providerCount}}`, wrapped like H16 */
  @inject()
  async start({ params, auth, company }: HttpContext, start: StartProviderOnboarding) {
    const { providerCount } = await start.handle({
      company,
      user: auth.getUserOrFail(),
      contractId: params.contractId,
    })
    return { data: { success: true, providerCount } }
  }
}
