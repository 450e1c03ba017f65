import { test } from '@japa/runner'
import testUtils from '@adonisjs/core/services/test_utils'
import { attachedWorld, documentsStep, headers } from '#tests/support/compliance'
import { freezeClock, restoreClock } from '#tests/support/clock'

const step = (title: string, frequency: string, dayStart: number, dayEnd: number) =>
  documentsStep({ title, schedule: { frequency, dayStart, dayEnd } })

const STEPS = [
  step('Weekdays Mon-Fri', 'weekly', 1, 5),
  step('Weekend Sat-Mon', 'weekly', 6, 1),
  step('Biweekly Mon-Wed', 'biweekly', 1, 3),
  step('Month end 25 -> 5', 'monthly', 25, 5),
  step('Days 1-10', 'monthly', 1, 10),
]

test.group('Correctness / one schedule window for deadline and open flag', (group) => {
  group.each.setup(() => testUtils.db().withGlobalTransaction())
  group.each.teardown(() => restoreClock())

  for (const { now, expected } of [
    {
      /** Wednesday 2026-03-11 12:00 in São Paulo (ISO week 11, odd) */
      now: '2026-03-11T15:00:00.000Z',
      expected: {
        'Weekdays Mon-Fri': [true, '2026-03-13T23:59:59.999-03:00'],
        'Weekend Sat-Mon': [false, '2026-03-16T23:59:59.999-03:00'],
        'Biweekly Mon-Wed': [true, '2026-03-11T23:59:59.999-03:00'],
        'Month end 25 -> 5': [false, '2026-04-05T23:59:59.999-03:00'],
        'Days 1-10': [false, '2026-03-10T23:59:59.999-03:00'],
      },
    },
    {
      /** Friday 2026-03-27 12:00 in São Paulo (ISO week 13, odd) */
      now: '2026-03-27T15:00:00.000Z',
      expected: {
        'Weekdays Mon-Fri': [true, '2026-03-27T23:59:59.999-03:00'],
        'Weekend Sat-Mon': [false, '2026-03-30T23:59:59.999-03:00'],
        'Biweekly Mon-Wed': [false, '2026-03-25T23:59:59.999-03:00'],
        'Month end 25 -> 5': [true, '2026-04-05T23:59:59.999-03:00'],
        'Days 1-10': [false, '2026-03-10T23:59:59.999-03:00'],
      },
    },
  ]) {
    test('C1 at {now}: submissionDeadline and isSubmissionOpen agree')
      .with([{ now, expected }])
      .run(async ({ client, assert }, row) => {
        freezeClock(row.now)
        const world = await attachedWorld(client, STEPS)
        const response = await client
          .get('/api/v1/provider-compliances/current')
          .headers(headers(world.borrower))
          .loginAs(world.providerOwner)
        response.assertStatus(200)
        const steps: { title: string; isSubmissionOpen: boolean; submissionDeadline: string }[] =
          response.body().data[0].steps
        const seen = Object.fromEntries(
          steps.map((s) => [s.title, [s.isSubmissionOpen, s.submissionDeadline]])
        )
        assert.deepEqual(seen, row.expected)
        // an open window never ends before now
        for (const s of steps.filter((item) => item.isSubmissionOpen)) {
          assert.isAtLeast(Date.parse(s.submissionDeadline), Date.parse(row.now), s.title)
        }
      })
  }
})
