import type ContractReviewComment from '#models/contract_review_comment'
import type ContractReviewApproval from '#models/contract_review_approval'
import type ContractReviewer from '#models/contract_reviewer'
import ContractDto from '#dtos/contract_dto'

export interface ReviewItem {
  /** The part group id (or the contract id when the contract has no part groups) */
  id: string
  groupId: string | null
  groupName: string
  partName: string
  partIds: string[]
  htmlContent: string
}

type ItemStatus = 'pending' | 'approved' | 'rejected' | 'changes_requested'

/** H12 overview and ReviewComment (H13-H15) */
export default class ContractReviewDto {
  /** H16/H17: a reviewer's decision on an item */
  static decision(approval: ContractReviewApproval) {
    return {
      itemId: approval.itemId,
      reviewerId: approval.reviewerId,
      decision: approval.decision,
      comment: approval.comment,
      reviewedAt: approval.reviewedAt.toISO()!,
    }
  }

  static comment(comment: ContractReviewComment) {
    return {
      id: comment.id,
      reviewerId: comment.authorId,
      reviewerName: comment.author.name,
      reviewerEmail: comment.author.email,
      reviewerAvatar: comment.author.avatar,
      content: comment.content,
      selectedText: comment.selectedText,
      startOffset: comment.startOffset,
      endOffset: comment.endOffset,
      pageNumber: comment.pageNumber,
      createdAt: comment.createdAt.toISO()!,
      updatedAt: comment.updatedAt.toISO()!,
    }
  }

  static overview(
    items: ReviewItem[],
    reviewers: ContractReviewer[],
    approvals: ContractReviewApproval[],
    commentCounts: Map<string, number>
  ) {
    const required = reviewers.filter((reviewer) => reviewer.isRequired)
    const decisionOf = (itemId: string, reviewerId: string) =>
      approvals.find((row) => row.itemId === itemId && row.reviewerId === reviewerId)

    const contracts = items.map((item) => {
      const decisions = reviewers.map((reviewer) => decisionOf(item.id, reviewer.id))
      const approvedCount = required.filter(
        (reviewer) => decisionOf(item.id, reviewer.id)?.decision === 'approved'
      ).length
      let status: ItemStatus = 'pending'
      if (decisions.some((row) => row?.decision === 'rejected')) status = 'rejected'
      else if (decisions.some((row) => row?.decision === 'changes_requested')) {
        status = 'changes_requested'
      } else if (reviewers.length && approvedCount === required.length) status = 'approved'
      return {
        id: item.id,
        groupId: item.groupId,
        groupName: item.groupName,
        partName: item.partName,
        htmlContent: item.htmlContent,
        thumbnailUrl: null,
        status,
        commentsCount: commentCounts.get(item.id) ?? 0,
        approvals: reviewers.map((reviewer) => {
          const row = decisionOf(item.id, reviewer.id)
          return {
            reviewerId: reviewer.id,
            status: row ? (row.decision === 'approved' ? 'approved' : 'rejected') : 'pending',
            comment: row?.comment ?? null,
            reviewedAt: row?.reviewedAt.toISO() ?? null,
          }
        }),
        totalRequired: required.length,
        approvedCount,
      }
    })

    return {
      contracts,
      reviewers: reviewers.map((reviewer) => {
        const rows = approvals.filter((row) => row.reviewerId === reviewer.id)
        return {
          ...ContractDto.reviewer(reviewer),
          totalContracts: items.length,
          reviewedCount: rows.length,
          approvedCount: rows.filter((row) => row.decision === 'approved').length,
          rejectedCount: rows.filter((row) => row.decision !== 'approved').length,
        }
      }),
      allApproved:
        reviewers.length > 0 &&
        contracts.every((contract) => contract.approvedCount === contract.totalRequired),
    }
  }
}
