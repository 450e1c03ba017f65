import type CompanyMember from '#models/company_member'

export default class CompanyMemberDto {
  static fromModel(member: CompanyMember) {
    return {
      id: member.id,
      userId: member.userId,
      name: member.user.name,
      email: member.user.email,
      avatar: member.user.avatar,
      role: member.role,
      createdAt: member.createdAt.toISO()!,
    }
  }
}
