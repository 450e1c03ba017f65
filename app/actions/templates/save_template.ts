import type { Infer } from '@vinejs/vine/types'
import ContractTemplate from '#models/contract_template'
import type Company from '#models/company'
import { UnprocessableException } from '#exceptions/http_exceptions'
import type { saveTemplateValidator } from '#validators/contract_template'
import { placeholdersOf } from '#support/template_render'

/**
 * Creates a template, or replaces one of the company (PUT). Every
 * `{{placeholder}}` of the HTML must be a declared variable (422).
 */
export default class SaveTemplate {
  async handle(company: Company, payload: Infer<typeof saveTemplateValidator>, id?: string) {
    const variables = (payload.variables ?? []).map((variable) => ({
      name: variable.name,
      label: variable.label ?? null,
      type: variable.type ?? 'text',
      source: variable.source ?? 'borrower',
      required: variable.required ?? false,
    }))
    const undeclared = placeholdersOf(payload.html).filter(
      (name) => !variables.some((variable) => variable.name === name)
    )
    if (undeclared.length) {
      throw new UnprocessableException('errors.undeclared_variables', {
        data: { names: undeclared.join(', ') },
      })
    }

    const template = id ? await ContractTemplate.findOwned(company.id, id) : new ContractTemplate()
    template.merge({
      companyId: company.id,
      name: payload.name,
      description: payload.description ?? null,
      html: payload.html,
      variables,
    })
    return template.save()
  }
}
