import { createHash } from 'node:crypto'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type Contract from '#models/contract'
import ContractPart from '#models/contract_part'
import ContractPartGroup from '#models/contract_part_group'
import ContractTemplate from '#models/contract_template'
import ContractVariableValue from '#models/contract_variable_value'
import { renderTemplate } from '#support/template_render'
import type { ReviewItem } from '#dtos/contract_review_dto'

/**
 * The contract documents generated from the template: one per part group
 * (H12's `contracts`), variables substituted with precedence group > part
 * > global (a blank value does not override a filled one), values HTML-escaped. Also the text under signature and its
 * SHA-256.
 */
export default class ContractDocumentService {
  async items(contract: Contract, trx?: TransactionClientContract): Promise<ReviewItem[]> {
    const client = { client: trx }
    /** In sequence: inside a transaction its client runs one query at a time */
    const template = contract.templateId
      ? await ContractTemplate.query(client).where('id', contract.templateId).first()
      : null
    const groups = await ContractPartGroup.query(client)
      .where('contract_id', contract.id)
      .orderBy('position')
    const parts = await ContractPart.query(client)
      .where('contract_id', contract.id)
      .preload('company')
      .preload('user')
      .orderBy('created_at')
    const variables = await ContractVariableValue.query(client)
      .where('contract_id', contract.id)
      .orderBy('position')
    const html = template?.html ?? ''
    const partName = (ids: string[]) =>
      parts
        .filter((part) => ids.includes(part.id))
        .map((part) => (part.companyId ? part.company.name : part.user.name))
        .join(', ')

    const render = (groupId: string | null, partIds: string[]) => {
      const values: Record<string, string> = {}
      const layers = [
        variables.filter((v) => !v.partId && !v.groupId),
        variables.filter((v) => !v.groupId && v.partId && partIds.includes(v.partId)),
        variables.filter((v) => groupId && v.groupId === groupId),
      ]
      /** A blank value does not hide a filled one of a wider layer (the provider's part value) */
      for (const layer of layers) {
        for (const v of layer) if (v.value.trim() || !(v.name in values)) values[v.name] = v.value
      }
      return renderTemplate(html, values)
    }

    if (!groups.length) {
      const allIds = parts.map((part) => part.id)
      return [
        {
          id: contract.id,
          groupId: null,
          groupName: contract.name,
          partName: partName(allIds),
          partIds: allIds,
          htmlContent: render(null, allIds),
        },
      ]
    }
    return groups.map((group) => ({
      id: group.id,
      groupId: group.id,
      groupName: group.name,
      partName: partName(group.partIds),
      partIds: group.partIds,
      htmlContent: render(group.id, group.partIds),
    }))
  }

  /** The document signed: every generated contract, in order */
  async documentText(contract: Contract, trx?: TransactionClientContract) {
    const items = await this.items(contract, trx)
    const text = items.map((item) => `${item.groupName}\n${item.htmlContent}`).join('\n\n')
    return { items, text, sha256: createHash('sha256').update(text).digest('hex') }
  }
}
