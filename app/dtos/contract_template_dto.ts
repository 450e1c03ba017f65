import type ContractTemplate from '#models/contract_template'

export default class ContractTemplateDto {
  static fromModel(template: ContractTemplate) {
    return {
      id: template.id,
      name: template.name,
      description: template.description,
      html: template.html,
      variables: template.variables,
      createdAt: template.createdAt.toISO()!,
      updatedAt: template.updatedAt.toISO()!,
    }
  }
}
