import { test } from '@japa/runner'
import {
  markdownTable,
  problemsOf,
  tallyFault,
  type Arrival,
  type CallRecord,
} from '#bench/faults/tally'

/**
 * The counting of `node ace bench:faults` (the faults table): a wrong count
 * would report a lost or duplicated e-mail that never was, or hide one.
 */
const call = (subject: string, status: CallRecord['status'], at = 1000): CallRecord => ({
  subject,
  startedAt: at,
  status,
  hasMessage: status !== 200 && status !== 'error',
  dispatched: status === 200,
})
const arrival = (subject: string, messageId: string, at: number): Arrival => ({
  subject,
  messageId,
  at,
})

test.group('bench:faults tally', () => {
  test('matches by subject: accepted, received, duplicates (same Message-ID), lost', ({
    assert,
  }) => {
    const calls = [
      call('f 1', 200),
      call('f 2', 200),
      call('f 3', 200),
      call('f 4', 503, 2000),
      call('f 5', 503, 2500),
    ]
    const arrivals = [
      arrival('f 1', '<a@x>', 1100),
      arrival('f 2', '<b@x>', 1200),
      arrival('f 2', '<b@x>', 9000),
      arrival('f 5', '<e@x>', 4000),
      arrival('other 1', '<z@x>', 99_000),
    ]
    const row = tallyFault('f', calls, arrivals, { start: 1500, end: 3000 })

    assert.include(row, {
      calls: 5,
      accepted: 3,
      received: 4,
      duplicates: 1,
      duplicatesSameMessageId: 1,
      lost: 1,
      receivedNotAccepted: 1,
      faultSeconds: 1.5,
      receivedAfterFault: 2,
      firstArrivalAfterFaultSeconds: 1,
      lastArrivalAfterFaultSeconds: 6,
    })
    assert.deepEqual(row.lostSubjects, ['f 3'])
    assert.deepEqual(row.statuses, { 200: 3, 503: 2 })
    assert.deepEqual(row.statusesDuringFault, { 503: 2 })
    assert.deepEqual(problemsOf(row), ['1 lost'])
  })

  test('flags two duplicates, a new Message-ID, a 500 and an error without {message}', ({
    assert,
  }) => {
    const calls = [call('f 1', 200), { ...call('f 2', 500), hasMessage: false }]
    const arrivals = [
      arrival('f 1', '<a@x>', 1),
      arrival('f 1', '<a@x>', 2),
      arrival('f 1', '<other@x>', 3),
    ]
    const row = tallyFault('f', calls, arrivals, { start: 0, end: 0 })
    assert.equal(row.duplicates, 2)
    assert.equal(row.duplicatesSameMessageId, 1)
    assert.sameMembers(problemsOf(row), [
      '2 duplicates',
      'a duplicate with a new Message-ID',
      '1 errors without {message}',
      'answers 500',
    ])
  })

  test('prints the markdown table', ({ assert }) => {
    const row = tallyFault('none (1 call)', [call('n 1', 200)], [arrival('n 1', '<a@x>', 2500)], {
      start: 0,
      end: 1000,
    })
    assert.equal(
      markdownTable([row]).split('\n')[2],
      '| none (1 call) | 1 | 1 | 0 | 0 | 0 | 1.5 s | 200 x1 |'
    )
  })
})
