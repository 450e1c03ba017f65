import { test } from '@japa/runner'
import type { ContractEventBase } from '#events/contract_events'
import { contractMessage } from '#services/contracts/notifications'

/**
 * The spec's Events table for the contract events (type and scope), and the
 * other types the spec names that contract events use: each event `type`
 * gives the notification of its row (the functional tests in
 * event_notifications/contracts.spec.ts show each reaching its recipient).
 */
const CONTRACT_ROWS: [eventType: string, type: string, scope: string][] = [
  ['contract_created', 'contract_created', 'contract'],
  ['contract_published', 'contract_published', 'contract'],
  ['contract_signed', 'contract_signed', 'contract'],
  ['contract_completed', 'contract_completed', 'contract'],
  ['contract_cancelled', 'contract_cancelled', 'contract'],
  ['signatory_added', 'signatory_added', 'contract'],
  ['signature_requested', 'signature_requested', 'action'],
  ['signature_completed', 'signature_completed', 'contract'],
  ['document_uploaded', 'document_uploaded', 'contract'],
  ['document_approved', 'document_approved', 'contract'],
  ['document_rejected', 'document_rejected', 'contract'],
  ['review_requested', 'review_requested', 'action'],
  ['review_approved', 'review_approved', 'contract'],
  ['review_rejected', 'review_rejected', 'contract'],
  ['comment_added', 'comment_added', 'personal'],
  ['signature_rejected', 'action_required', 'action'],
]

function event(type: string, reminder = false) {
  return {
    type,
    scope: 'contract',
    contract: { id: 'c', name: 'Contrato', companyId: 'co', status: 'signing' },
    actor: { id: 'u', name: 'Ana', email: 'ana@example.com', avatar: null },
    recipients: [],
    deadline: null,
    link: 'https://app.test/contracts/c',
    actionRoute: '/contracts/c',
    mode: 'fill',
    document: { id: 'd', name: 'RG', fileId: 'f', fileName: 'rg.pdf', partId: 'p' },
    reason: null,
    comment: null,
    content: 'Ok',
    reminder,
  } as unknown as ContractEventBase
}

test.group('Events table: contract events', () => {
  test('{0} -> {1} (scope {2})')
    .with(CONTRACT_ROWS)
    .run(({ assert }, [eventType, type, scope]) => {
      const message = contractMessage(event(eventType))!
      assert.deepEqual([message.type, message.scope], [type, scope])
    })

  test('a repeated review or signature request is a reminder (scope action)', ({ assert }) => {
    for (const eventType of ['review_requested', 'signature_requested']) {
      const message = contractMessage(event(eventType, true))!
      assert.deepEqual([message.type, message.scope], ['reminder', 'action'])
    }
  })
})
