import type ContractSignatureGroup from '#models/contract_signature_group'
import ContractDto from '#dtos/contract_dto'

/** ContractSignaturesResponse; expects groups with members (and their users) */
export default class ContractSignatureDto {
  static overview(groups: ContractSignatureGroup[]) {
    const members = groups.flatMap((group) => group.members)
    const count = (status: string) => members.filter((member) => member.status === status).length
    return {
      groups: groups.map((group) => ContractDto.signatureGroup(group, true)),
      summary: {
        totalSigners: members.length,
        signedCount: count('signed'),
        pendingCount: count('pending'),
        rejectedCount: count('rejected'),
        allSigned: members.length > 0 && count('signed') === members.length,
      },
    }
  }
}
