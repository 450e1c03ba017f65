import vine from '@vinejs/vine'

/** H13: a comment with the selection it refers to */
export const addReviewCommentValidator = vine.create({
  content: vine.string().trim().minLength(1).maxLength(5000),
  selectedText: vine.string().maxLength(5000).optional().nullable(),
  startOffset: vine.number().withoutDecimals().min(0).optional().nullable(),
  endOffset: vine
    .number()
    .withoutDecimals()
    .min(0)
    .nullable()
    .optional()
    .requiredIfExists('startOffset')
    .meta({ description: 'required with startOffset; not before it' }),
  pageNumber: vine.number().withoutDecimals().min(1).optional().nullable(),
})

/** H14 */
export const updateReviewCommentValidator = vine.create({
  content: vine.string().trim().minLength(1).maxLength(5000),
})

/** Approve: optional comment */
export const approveReviewValidator = vine.create({
  comment: vine.string().trim().maxLength(5000).optional().nullable(),
})

/** Reject / request changes: the comment says why */
export const rejectReviewValidator = vine.create({
  comment: vine.string().trim().minLength(1).maxLength(5000),
})
