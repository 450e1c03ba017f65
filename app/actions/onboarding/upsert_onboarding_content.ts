import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Contract from '#models/contract'
import type Onboarding from '#models/onboarding'
import OnboardingDocument from '#models/onboarding_document'
import OnboardingFormField from '#models/onboarding_form_field'
import OnboardingDownloadDocument from '#models/onboarding_download_document'
import { ensureOnboarding } from '#services/onboarding/records'
import ContractPart from '#models/contract_part'
import type {
  OnboardingContent,
  OnboardingDocumentInput,
  OnboardingDownloadInput,
  OnboardingFormFieldInput,
} from '#services/onboarding/types'

type Trx = TransactionClientContract

/**
 * The seam between contract authoring and onboarding: upserts what a
 * provider must fill, keyed by its source (requirement id, variable key),
 * so calling it again with the same lists changes nothing. Configuration
 * (name, formats, label, type...) follows the input; what the provider
 * did (status, file, value) is kept. Rows absent from the lists are kept.
 * Creates the onboarding of (contract, provider) when missing.
 */
export default class UpsertOnboardingContent {
  async handle(content: OnboardingContent, trx?: Trx): Promise<Onboarding> {
    if (!trx) return db.transaction((own) => this.handle(content, own))

    const contract = await Contract.query({ client: trx })
      .withScopes((scopes) => scopes.notDeleted())
      .where('id', content.contractId)
      .firstOrFail()
    const part = await ContractPart.findProviderOf(contract.id, content.providerId, trx)
    const onboarding = await ensureOnboarding(contract, part, trx)

    await this.#documents(onboarding, content.documents ?? [], trx)
    await this.#formFields(onboarding, content.formFields ?? [], trx)
    await this.#downloads(onboarding, content.downloadDocuments ?? [], trx)
    return onboarding
  }

  async #documents(onboarding: Onboarding, inputs: OnboardingDocumentInput[], trx: Trx) {
    const existing = await OnboardingDocument.query({ client: trx }).where(
      'onboarding_id',
      onboarding.id
    )
    const bySource = new Map(existing.map((row) => [row.sourceRequirementId, row]))
    for (const [position, input] of inputs.entries()) {
      const config = {
        name: input.name,
        description: input.description ?? null,
        isRequired: input.isRequired ?? true,
        acceptedFormats: input.acceptedFormats.map((format) =>
          format.replace(/^\./, '').toLowerCase()
        ),
        maxFileSize: input.maxFileSize,
        position,
      }
      const row = bySource.get(input.sourceId)
      if (row) await row.useTransaction(trx).merge(config).save()
      else
        await OnboardingDocument.create(
          {
            ...config,
            onboardingId: onboarding.id,
            sourceRequirementId: input.sourceId,
            status: 'waiting',
          },
          { client: trx }
        )
    }
  }

  async #formFields(onboarding: Onboarding, inputs: OnboardingFormFieldInput[], trx: Trx) {
    const existing = await OnboardingFormField.query({ client: trx }).where(
      'onboarding_id',
      onboarding.id
    )
    const bySource = new Map(existing.map((row) => [row.sourceKey, row]))
    for (const [position, input] of inputs.entries()) {
      const config = {
        label: input.label,
        type: input.type,
        required: input.required ?? false,
        options: input.options ?? null,
        placeholder: input.placeholder ?? null,
        position,
      }
      const row = bySource.get(input.sourceKey)
      if (row) await row.useTransaction(trx).merge(config).save()
      else
        await OnboardingFormField.create(
          {
            ...config,
            onboardingId: onboarding.id,
            sourceKey: input.sourceKey,
            value: input.value ?? null,
          },
          { client: trx }
        )
    }
  }

  async #downloads(onboarding: Onboarding, inputs: OnboardingDownloadInput[], trx: Trx) {
    for (const [position, input] of inputs.entries()) {
      await OnboardingDownloadDocument.updateOrCreate(
        { onboardingId: onboarding.id, sourceDocumentId: input.sourceId },
        {
          name: input.name,
          description: input.description ?? null,
          filePath: input.filePath,
          fileName: input.fileName,
          position,
        },
        { client: trx }
      )
    }
  }
}
