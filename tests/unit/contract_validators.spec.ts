import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import type { VineValidator } from '@vinejs/vine'
import {
  boardContractsValidator,
  cancelContractValidator,
  changeContractStatusValidator,
  completeStepValidator,
  listContractsValidator,
  saveContractValidator,
} from '#validators/contract'
import {
  addReviewCommentValidator,
  approveReviewValidator,
  rejectReviewValidator,
  updateReviewCommentValidator,
} from '#validators/contract_review'
import {
  configureSignaturesValidator,
  rejectSignatureValidator,
} from '#validators/contract_signature'

/**
 * Every limit of the contract validators on both sides (n-1 / n / n+1
 * where the lower side exists): a refusal must name the field that broke
 * the rule, so a payload refused for another reason cannot pass.
 */
type Validator = VineValidator<any, any>

async function errorsOf(validator: Validator, data: unknown) {
  try {
    await validator.validate(data)
    return []
  } catch (error) {
    return (error as { messages: { field: string; rule: string }[] }).messages
  }
}

async function accepts(validator: Validator, data: unknown) {
  const errors = await errorsOf(validator, data)
  if (errors.length) throw new Error(`Expected valid, got ${JSON.stringify(errors)}`)
  return validator.validate(data)
}

async function refuses(validator: Validator, data: unknown, field: string) {
  const errors = await errorsOf(validator, data)
  const fields = errors.map((error) => error.field)
  if (!fields.includes(field)) {
    throw new Error(`Expected an error on ${field}, got ${JSON.stringify(errors)}`)
  }
}

const text = (length: number, char = 'a') => char.repeat(length)
const many = <T>(count: number, item: (index: number) => T) =>
  Array.from({ length: count }, (_, index) => item(index))
const save = (extra: Record<string, unknown>) => ({ name: 'Contrato', ...extra })

test.group('Validators / contract save payload (H3, H4)', () => {
  test('name: trimmed, 1 to 255 characters', async ({ assert }) => {
    await refuses(saveContractValidator, { name: '' }, 'name')
    await refuses(saveContractValidator, { name: '   ' }, 'name')
    await refuses(saveContractValidator, {}, 'name')
    assert.equal((await accepts(saveContractValidator, { name: ' a ' })).name, 'a')
    await accepts(saveContractValidator, { name: text(254) })
    await accepts(saveContractValidator, { name: text(255) })
    await refuses(saveContractValidator, { name: text(256) }, 'name')
    assert.equal(
      (await accepts(saveContractValidator, { name: ` ${text(255)} ` })).name.length,
      255
    )
  })

  test('ref up to 100 and description up to 5000 characters', async () => {
    await accepts(saveContractValidator, save({ ref: text(99), description: text(4999) }))
    await accepts(saveContractValidator, save({ ref: text(100), description: text(5000) }))
    await refuses(saveContractValidator, save({ ref: text(101) }), 'ref')
    await refuses(saveContractValidator, save({ description: text(5001) }), 'description')
    await accepts(saveContractValidator, save({ ref: null, description: null }))
  })

  test('endDate: the day before startDate refused, the same day and after accepted', async ({
    assert,
  }) => {
    const dates = (startDate: string, endDate: string) => save({ startDate, endDate })
    await refuses(saveContractValidator, dates('2026-03-10', '2026-03-09'), 'endDate')
    await refuses(saveContractValidator, dates('2026-03-01', '2026-02-28'), 'endDate')
    await refuses(saveContractValidator, dates('2026-01-01', '2025-12-31'), 'endDate')
    const same = await accepts(saveContractValidator, dates('2026-03-10', '2026-03-10'))
    assert.instanceOf(same.endDate, Date)
    await accepts(saveContractValidator, dates('2026-03-10', '2026-03-11'))
    await accepts(saveContractValidator, dates('2025-12-31', '2026-01-01'))
    await refuses(saveContractValidator, dates('2026-03-10', '2026/03/11'), 'endDate')
    await refuses(saveContractValidator, save({ startDate: '10/03/2026' }), 'startDate')
    await accepts(saveContractValidator, save({ startDate: null, endDate: '2026-03-11' }))
  })

  test('progress: an integer from 0 to 100; currentStep index from 0', async () => {
    await refuses(saveContractValidator, save({ progress: -1 }), 'progress')
    await accepts(saveContractValidator, save({ progress: 0 }))
    await accepts(saveContractValidator, save({ progress: 1 }))
    await accepts(saveContractValidator, save({ progress: 99 }))
    await accepts(saveContractValidator, save({ progress: 100 }))
    await refuses(saveContractValidator, save({ progress: 101 }), 'progress')
    await refuses(saveContractValidator, save({ progress: 50.5 }), 'progress')
    const step = (index: number, key = 'model') => save({ currentStep: { key, index } })
    await refuses(saveContractValidator, step(-1), 'currentStep.index')
    await accepts(saveContractValidator, step(0))
    await accepts(saveContractValidator, step(5, 'signature'))
    await refuses(saveContractValidator, step(1.5), 'currentStep.index')
    await refuses(saveContractValidator, step(1, 'publish'), 'currentStep.key')
  })

  test('steps: at most 20, progress 0 to 100, status up to 30', async () => {
    const steps = (count: number, extra: Record<string, unknown> = {}) =>
      save({ steps: many(count, () => ({ key: 'parts', ...extra })) })
    await accepts(saveContractValidator, steps(20, { progress: 0, status: text(30) }))
    await refuses(saveContractValidator, steps(21), 'steps')
    await accepts(saveContractValidator, steps(1, { progress: 100, extra: 'kept' }))
    await accepts(saveContractValidator, steps(1, { progress: 33.3 }))
    await refuses(saveContractValidator, steps(1, { progress: -1 }), 'steps.0.progress')
    await refuses(saveContractValidator, steps(1, { progress: 101 }), 'steps.0.progress')
    await refuses(saveContractValidator, steps(1, { status: text(31) }), 'steps.0.status')
    await refuses(saveContractValidator, save({ steps: [{ key: 'x' }] }), 'steps.0.key')
  })

  test('parts: exactly one party, at most 100, value and monthly hours limits', async () => {
    const id = randomUUID()
    const parts = (...list: Record<string, unknown>[]) => save({ parts: list })
    await accepts(saveContractValidator, parts({ companyId: id }))
    await accepts(saveContractValidator, parts({ userId: id }))
    await accepts(saveContractValidator, parts({ companyId: null, userId: id }))
    await accepts(saveContractValidator, parts({ companyId: id, userId: null }))
    await refuses(saveContractValidator, parts({ companyId: id, userId: id }), 'parts.0.companyId')
    await refuses(saveContractValidator, parts({}), 'parts.0.companyId')
    await refuses(
      saveContractValidator,
      parts({ companyId: null, userId: null }),
      'parts.0.companyId'
    )
    await refuses(saveContractValidator, parts({ userId: 'not-a-uuid' }), 'parts.0.userId')
    await accepts(saveContractValidator, save({ parts: many(100, () => ({ userId: id })) }))
    await refuses(
      saveContractValidator,
      save({ parts: many(101, () => ({ userId: id })) }),
      'parts'
    )

    const part = (extra: Record<string, unknown>) => parts({ userId: id, ...extra })
    await refuses(saveContractValidator, part({ monthlyHours: -1 }), 'parts.0.monthlyHours')
    await accepts(saveContractValidator, part({ monthlyHours: 0 }))
    await accepts(saveContractValidator, part({ monthlyHours: 743 }))
    await accepts(saveContractValidator, part({ monthlyHours: 744 }))
    await refuses(saveContractValidator, part({ monthlyHours: 745 }), 'parts.0.monthlyHours')
    await refuses(saveContractValidator, part({ monthlyHours: 1.5 }), 'parts.0.monthlyHours')
    await accepts(saveContractValidator, part({ value: '12.000,00', contractType: 'MONTHLY' }))
    await refuses(saveContractValidator, part({ value: '12000.00' }), 'parts.0.value')
    await refuses(saveContractValidator, part({ contractType: 'monthly' }), 'parts.0.contractType')
    await refuses(saveContractValidator, part({ role: 'OWNER' }), 'parts.0.role')
  })

  test('documents: name 1 to 255, description 2000, formats, size 1 byte to 25 MB', async ({
    assert,
  }) => {
    const doc = (extra: Record<string, unknown>) =>
      save({ documents: [{ name: 'Contrato social', isDownload: false, ...extra }] })
    await refuses(saveContractValidator, doc({ name: ' ' }), 'documents.0.name')
    await accepts(saveContractValidator, doc({ name: text(255), description: text(2000) }))
    await refuses(saveContractValidator, doc({ name: text(256) }), 'documents.0.name')
    await refuses(
      saveContractValidator,
      doc({ description: text(2001) }),
      'documents.0.description'
    )
    const max = 25 * 1024 * 1024
    await refuses(saveContractValidator, doc({ maxFileSize: 0 }), 'documents.0.maxFileSize')
    await accepts(saveContractValidator, doc({ maxFileSize: 1 }))
    await accepts(saveContractValidator, doc({ maxFileSize: max - 1 }))
    await accepts(saveContractValidator, doc({ maxFileSize: max }))
    await refuses(saveContractValidator, doc({ maxFileSize: max + 1 }), 'documents.0.maxFileSize')
    await refuses(saveContractValidator, doc({ maxFileSize: 10.5 }), 'documents.0.maxFileSize')

    const formats = await accepts(
      saveContractValidator,
      doc({ acceptedFormats: [' PDF ', '.Docx'] })
    )
    assert.deepEqual(formats.documents![0].acceptedFormats, ['pdf', '.docx'])
    await accepts(saveContractValidator, doc({ acceptedFormats: [text(10)] }))
    await refuses(
      saveContractValidator,
      doc({ acceptedFormats: [text(11)] }),
      'documents.0.acceptedFormats.0'
    )
    await refuses(
      saveContractValidator,
      doc({ acceptedFormats: ['p-df'] }),
      'documents.0.acceptedFormats.0'
    )
    await refuses(
      saveContractValidator,
      doc({ acceptedFormats: ['x.pdf'] }),
      'documents.0.acceptedFormats.0'
    )
    await refuses(
      saveContractValidator,
      doc({ acceptedFormats: [''] }),
      'documents.0.acceptedFormats.0'
    )
    await accepts(saveContractValidator, doc({ acceptedFormats: many(20, () => 'pdf') }))
    await refuses(
      saveContractValidator,
      doc({ acceptedFormats: many(21, () => 'pdf') }),
      'documents.0.acceptedFormats'
    )
    const docs = (count: number) =>
      save({ documents: many(count, () => ({ name: 'D', isDownload: true })) })
    await accepts(saveContractValidator, docs(100))
    await refuses(saveContractValidator, docs(101), 'documents')
  })

  test('variable values, part groups, reviewers and signature groups limits', async () => {
    const id = randomUUID()
    const variable = (extra: Record<string, unknown>) =>
      save({ variableValues: [{ name: 'amount', ...extra }] })
    await refuses(saveContractValidator, variable({ name: '' }), 'variableValues.0.name')
    await accepts(
      saveContractValidator,
      variable({ name: text(100), type: text(30), source: text(30), value: text(10_000) })
    )
    await refuses(saveContractValidator, variable({ name: text(101) }), 'variableValues.0.name')
    await refuses(saveContractValidator, variable({ type: text(31) }), 'variableValues.0.type')
    await refuses(saveContractValidator, variable({ source: text(31) }), 'variableValues.0.source')
    await refuses(
      saveContractValidator,
      variable({ value: text(10_001) }),
      'variableValues.0.value'
    )
    await accepts(saveContractValidator, save({ variableValues: many(500, () => ({ name: 'v' })) }))
    await refuses(
      saveContractValidator,
      save({ variableValues: many(501, () => ({ name: 'v' })) }),
      'variableValues'
    )

    const group = (extra: Record<string, unknown>) =>
      save({ partGroups: [{ name: 'G', ...extra }] })
    await refuses(saveContractValidator, group({ name: '' }), 'partGroups.0.name')
    await accepts(saveContractValidator, group({ name: text(255), partIds: many(100, () => id) }))
    await refuses(saveContractValidator, group({ name: text(256) }), 'partGroups.0.name')
    await refuses(
      saveContractValidator,
      group({ partIds: many(101, () => id) }),
      'partGroups.0.partIds'
    )
    await accepts(saveContractValidator, save({ partGroups: many(50, () => ({ name: 'G' })) }))
    await refuses(
      saveContractValidator,
      save({ partGroups: many(51, () => ({ name: 'G' })) }),
      'partGroups'
    )
    const model = (count: number) =>
      save({ modelConfig: { variableAssignments: many(count, () => ({})), partGroups: [] } })
    await accepts(saveContractValidator, model(500))
    await refuses(saveContractValidator, model(501), 'modelConfig.variableAssignments')

    const reviewers = (list: Record<string, unknown>[]) =>
      save({ revisionConfig: { reviewers: list } })
    await accepts(saveContractValidator, reviewers([{ userId: id, order: 0 }]))
    await refuses(
      saveContractValidator,
      reviewers([{ userId: id, order: -1 }]),
      'revisionConfig.reviewers.0.order'
    )
    await refuses(
      saveContractValidator,
      reviewers([{ order: 1 }]),
      'revisionConfig.reviewers.0.userId'
    )
    await accepts(saveContractValidator, reviewers(many(50, () => ({ userId: id }))))
    await refuses(
      saveContractValidator,
      reviewers(many(51, () => ({ userId: id }))),
      'revisionConfig.reviewers'
    )

    const groups = (list: Record<string, unknown>[]) => save({ signatureConfig: { groups: list } })
    await accepts(saveContractValidator, groups(many(20, () => ({ name: 'S' }))))
    await refuses(
      saveContractValidator,
      groups(many(21, () => ({ name: 'S' }))),
      'signatureConfig.groups'
    )
  })

  test('signature groups: name, order from 1, at most 100 members with valid e-mails', async () => {
    const configure = (group: Record<string, unknown>) => ({
      groups: [{ name: 'Assinantes', ...group }],
    })
    const v = configureSignaturesValidator
    await refuses(v, { groups: [] }, 'groups')
    await accepts(v, { groups: many(20, () => ({ name: 'S' })) })
    await refuses(v, { groups: many(21, () => ({ name: 'S' })) }, 'groups')
    await refuses(v, configure({ name: ' ' }), 'groups.0.name')
    await accepts(v, configure({ name: text(255), order: 1 }))
    await refuses(v, configure({ name: text(256) }), 'groups.0.name')
    await refuses(v, configure({ order: 0 }), 'groups.0.order')
    await accepts(v, configure({ order: 2 }))
    const member = (extra: Record<string, unknown>) => configure({ members: [extra] })
    await accepts(v, member({ name: text(255), email: 'ana@example.com', order: 1 }))
    await refuses(v, member({ order: 0 }), 'groups.0.members.0.order')
    await refuses(v, member({ name: text(256) }), 'groups.0.members.0.name')
    await refuses(v, member({ email: 'ana.example.com' }), 'groups.0.members.0.email')
    await refuses(v, member({ email: `${text(250)}@example.com` }), 'groups.0.members.0.email')
    await accepts(v, configure({ members: many(100, () => ({ email: 'a@example.com' })) }))
    await refuses(
      v,
      configure({ members: many(101, () => ({ email: 'a@example.com' })) }),
      'groups.0.members'
    )
  })

  test('signature refusal: a reason of 1 to 2000 characters', async ({ assert }) => {
    await refuses(rejectSignatureValidator, { reason: ' ' }, 'reason')
    await refuses(rejectSignatureValidator, {}, 'reason')
    assert.equal((await accepts(rejectSignatureValidator, { reason: ' x ' })).reason, 'x')
    await accepts(rejectSignatureValidator, { reason: text(2000) })
    await refuses(rejectSignatureValidator, { reason: text(2001) }, 'reason')
  })
})

test.group('Validators / contract list, status, steps, cancel', () => {
  test('list: page from 1, perPage 1 to 100, search and ref up to 100', async ({ assert }) => {
    const v = listContractsValidator
    await refuses(v, { page: 0 }, 'page')
    await accepts(v, { page: 1 })
    await refuses(v, { perPage: 0 }, 'perPage')
    await accepts(v, { perPage: 1 })
    await accepts(v, { perPage: 99 })
    await accepts(v, { perPage: 100 })
    await refuses(v, { perPage: 101 }, 'perPage')
    await refuses(v, { perPage: 2.5 }, 'perPage')
    await accepts(v, { search: text(100), ref: text(100) })
    await refuses(v, { search: text(101) }, 'search')
    await refuses(v, { ref: text(101) }, 'ref')
    assert.equal((await accepts(v, { search: '  obra  ' })).search, 'obra')
  })

  test('list / board: status repeated or comma separated, progress buckets', async ({ assert }) => {
    for (const v of [listContractsValidator, boardContractsValidator]) {
      assert.deepEqual((await accepts(v, { status: 'active, draft' })).status, ['active', 'draft'])
      assert.deepEqual((await accepts(v, { status: ['active', 'in_review,archived'] })).status, [
        'active',
        'in_review',
        'archived',
      ])
      assert.isUndefined((await accepts(v, { status: '' })).status)
      assert.isUndefined((await accepts(v, { status: null })).status)
      await refuses(v, { status: 'ACTIVE' }, 'status.0')
      await refuses(v, { status: 'active,bogus' }, 'status.1')
      assert.equal((await accepts(v, { progress: '40' })).progress, 40)
      assert.equal((await accepts(v, { progress: 100 })).progress, 100)
      assert.isUndefined((await accepts(v, { progress: '' })).progress)
      assert.isUndefined((await accepts(v, { progress: null })).progress)
      await refuses(v, { progress: '50' }, 'progress')
      await refuses(v, { progress: '0' }, 'progress')
    }
  })

  test('status commands are uppercase; step keys are the six keys', async () => {
    for (const status of ['DRAFT', 'IN_REVIEW', 'PUBLISHED', 'ARCHIVED', 'DONE']) {
      await accepts(changeContractStatusValidator, { status })
    }
    for (const status of ['draft', 'CANCELLED', 'ACTIVE', '']) {
      await refuses(changeContractStatusValidator, { status }, 'status')
    }
    for (const stepKey of ['parts', 'model', 'documents', 'review', 'upload', 'signature']) {
      await accepts(completeStepValidator, { params: { stepKey } })
    }
    await refuses(completeStepValidator, { params: { stepKey: 'PARTS' } }, 'params.stepKey')
  })

  test('cancel: an optional reason up to 2000 characters', async ({ assert }) => {
    await accepts(cancelContractValidator, {})
    await accepts(cancelContractValidator, { reason: null })
    assert.equal((await accepts(cancelContractValidator, { reason: ' x ' })).reason, 'x')
    await accepts(cancelContractValidator, { reason: text(2000) })
    await refuses(cancelContractValidator, { reason: text(2001) }, 'reason')
  })
})

test.group('Validators / contract review comments and decisions (H13, H14)', () => {
  test('comment content 1 to 5000 characters, trimmed', async ({ assert }) => {
    for (const v of [addReviewCommentValidator, updateReviewCommentValidator]) {
      await refuses(v, { content: '  ' }, 'content')
      assert.equal((await accepts(v, { content: ' ok ' })).content, 'ok')
      await accepts(v, { content: text(5000) })
      await refuses(v, { content: text(5001) }, 'content')
    }
  })

  test('selection: text up to 5000, offsets from 0 (end required with start), page from 1', async () => {
    const v = addReviewCommentValidator
    const comment = (extra: Record<string, unknown>) => ({ content: 'c', ...extra })
    await accepts(v, comment({ selectedText: text(5000), startOffset: 0, endOffset: 0 }))
    await refuses(v, comment({ selectedText: text(5001) }), 'selectedText')
    await refuses(v, comment({ startOffset: -1, endOffset: 3 }), 'startOffset')
    await refuses(v, comment({ startOffset: 1, endOffset: -1 }), 'endOffset')
    await refuses(v, comment({ startOffset: 1 }), 'endOffset')
    await accepts(v, comment({ endOffset: 4 }))
    await refuses(v, comment({ startOffset: 1.5, endOffset: 2 }), 'startOffset')
    await refuses(v, comment({ pageNumber: 0 }), 'pageNumber')
    await accepts(v, comment({ pageNumber: 1 }))
    await accepts(v, comment({ pageNumber: null, startOffset: null, endOffset: null }))
  })

  test('approve: optional comment up to 5000; reject: a comment of 1 to 5000', async ({
    assert,
  }) => {
    await accepts(approveReviewValidator, {})
    await accepts(approveReviewValidator, { comment: null })
    await accepts(approveReviewValidator, { comment: text(5000) })
    await refuses(approveReviewValidator, { comment: text(5001) }, 'comment')
    assert.equal((await accepts(approveReviewValidator, { comment: ' ok ' })).comment, 'ok')
    await refuses(rejectReviewValidator, {}, 'comment')
    await refuses(rejectReviewValidator, { comment: ' ' }, 'comment')
    await accepts(rejectReviewValidator, { comment: text(5000) })
    await refuses(rejectReviewValidator, { comment: text(5001) }, 'comment')
  })
})

test.group('Validators / contract text is trimmed, dates are days (mutation survivors)', () => {
  test('every text field of the save payload is trimmed before its rules', async ({ assert }) => {
    const id = randomUUID()
    const saved = await accepts(
      saveContractValidator,
      save({
        ref: '  REF-1  ',
        description: '  Escopo  ',
        workflowId: ` ${id} `,
        steps: [{ key: 'parts', status: '  done  ' }],
        parts: [{ companyId: ` ${id} `, value: ' 12.000,00 ' }],
        documents: [{ name: 'Contrato', description: '  PDF  ', isDownload: true }],
        variableValues: [{ name: ' Cidade ', type: ' text ', source: ' manual ' }],
        partGroups: [{ name: '  Contratadas  ' }],
        signatureConfig: {
          groups: [{ name: 'Assinantes', members: [{ name: ' Ana ', email: ' ana@x.test ' }] }],
        },
      })
    )
    assert.equal(saved.ref, 'REF-1')
    assert.equal(saved.description, 'Escopo')
    assert.equal(saved.workflowId, id)
    assert.equal(saved.steps![0].status, 'done')
    assert.equal(saved.parts![0].companyId, id)
    assert.equal(saved.parts![0].value, '12.000,00')
    assert.equal(saved.documents![0].description, 'PDF')
    assert.deepInclude(saved.variableValues![0], { name: 'Cidade', type: 'text', source: 'manual' })
    assert.equal(saved.partGroups![0].name, 'Contratadas')
    assert.deepInclude(saved.signatureConfig!.groups[0].members![0], {
      name: 'Ana',
      email: 'ana@x.test',
    })
  })

  test('a part with both or neither party names the oneParty rule and says why', async ({
    assert,
  }) => {
    const errors = await errorsOf(saveContractValidator, save({ parts: [{}] }))
    assert.deepInclude(errors[0], {
      field: 'parts.0.companyId',
      rule: 'oneParty',
      message: 'Uma parte precisa de exatamente um entre companyId e userId',
    })
  })

  test('startDate and endDate are days: a date with a time is refused', async () => {
    await accepts(saveContractValidator, save({ startDate: '2026-01-10', endDate: '2026-02-10' }))
    await refuses(saveContractValidator, save({ startDate: '2026-01-10 10:00:00' }), 'startDate')
    await refuses(saveContractValidator, save({ endDate: '2026-02-10 10:00:00' }), 'endDate')
  })

  test('the ref filter of lists and the board is trimmed', async ({ assert }) => {
    for (const validator of [listContractsValidator, boardContractsValidator]) {
      assert.equal((await accepts(validator, { ref: '  REF-1 ' })).ref, 'REF-1')
    }
  })
})
