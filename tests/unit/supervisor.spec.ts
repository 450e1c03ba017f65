import { spawn } from 'node:child_process'
import { test } from '@japa/runner'
import { setTimeout as sleep } from 'node:timers/promises'
import { supervise } from '#support/supervisor'

test.group('Supervisor (npm run dev restarts a worker that exits)', () => {
  test('a child that exits is started again, each exit reported, with a growing delay', async ({
    assert,
  }) => {
    const restarts: [number | string, number][] = []
    let starts = 0
    const supervisor = supervise(
      () => {
        starts++
        return spawn(process.execPath, ['-e', 'process.exit(3)'])
      },
      { onRestart: (exit, delay) => restarts.push([exit, delay]), baseDelayMs: 50 }
    )
    const deadline = Date.now() + 8000
    while (starts < 3 && Date.now() < deadline) await sleep(20)
    supervisor.stop()
    assert.isAtLeast(starts, 3)
    assert.deepEqual(restarts.slice(0, 2), [
      [3, 50],
      [3, 100],
    ])
  }).timeout(10_000)

  test('after stop() an exit is not restarted', async ({ assert }) => {
    let starts = 0
    const restarts: unknown[] = []
    const supervisor = supervise(
      () => {
        starts++
        return spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)'])
      },
      { onRestart: (exit) => restarts.push(exit), baseDelayMs: 10 }
    )
    const child = supervisor.stop()
    child.kill('SIGKILL')
    await new Promise((resolve) => child.once('exit', resolve))
    await sleep(100)
    assert.equal(starts, 1)
    assert.deepEqual(restarts, [])
  })
})
