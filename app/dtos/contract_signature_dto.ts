import type ContractSignatureGroup from '#models/contract_signature_group'

/** ContractSignaturesResponse; expects groups with members (and their users) */
export default class ContractSignatureDto {
  static overview(groups: ContractSignatureGroup[]) {
    const members = groups.flatMap((group) => group.members)
    const count = (status: string) => members.filter((member) => member.status === status).length
    return {
      groups: groups.map((group) => ({
        id: group.id,
        name: group.name,
        order: group.position,
        isPartGroup: group.isPartGroup,
        members: group.members.map((member) => ({
          id: member.id,
          userId: member.userId,
          name: member.name,
          email: member.email,
          avatar: member.user?.avatar ?? null,
          order: member.position,
          status: member.status,
          signedAt: member.signedAt?.toISO() ?? null,
          rejectionReason: member.rejectionReason,
        })),
      })),
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
