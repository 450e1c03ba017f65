import { test } from '@japa/runner'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpuByPlace, mainThreadProfile, type CpuProfile } from '#bench/cpu_profile'

const BUILD = 'file:///srv/api/build'

/**
 * A profile of four functions: an app action calling Knex, which calls a
 * native; a socket write's wait; idle. Samples every 1,000 µs.
 */
function profile(sampled: number[]): CpuProfile {
  return {
    nodes: [
      { id: 1, callFrame: { functionName: '(root)', url: '' }, children: [2, 5, 6] },
      {
        id: 2,
        callFrame: { functionName: 'handle', url: `${BUILD}/app/actions/list.js` },
        children: [3],
      },
      {
        id: 3,
        callFrame: { functionName: 'toSQL', url: 'file:///srv/api/node_modules/knex/lib/q.js' },
        children: [4],
      },
      { id: 4, callFrame: { functionName: 'StringAdd', url: '' } },
      { id: 5, callFrame: { functionName: 'writev', url: '' } },
      { id: 6, callFrame: { functionName: '(idle)', url: '' } },
    ],
    samples: sampled,
    timeDeltas: sampled.map(() => 1000),
  }
}

test.group('Bench / the API CPU profile by package', () => {
  test("a native is counted under its nearest JavaScript caller's package; waits are left out", ({
    assert,
  }) => {
    const { busyMs, shares } = cpuByPlace(profile([2, 3, 4, 4, 5, 5, 6, 2, 0]))
    assert.equal(busyMs, 5)
    assert.deepEqual(shares, [
      { name: 'knex', share: 0.6 },
      { name: 'app/actions/list.js', share: 0.4 },
    ])
  })

  test('lastSeconds keeps the end of the profile only (the mix, after the reference)', ({
    assert,
  }) => {
    /* 3,000 samples of the action, then 2,000 of Knex: the last 2 s are Knex's */
    const samples = [...Array(3000).fill(2), ...Array(2000).fill(3), 0]
    const { busyMs, shares } = cpuByPlace(profile(samples), 2)
    assert.approximately(busyMs, 2000, 2)
    assert.equal(shares[0].name, 'knex')
    assert.isAbove(shares[0].share, 0.99)
  })

  test("the main thread's profile is the largest .cpuprofile of the folder; none is null", async ({
    assert,
  }) => {
    const dir = await mkdtemp(join(tmpdir(), 'cpu-profile-'))
    try {
      assert.isNull(await mainThreadProfile(dir))
      const write = (file: string, samples: number[]) =>
        writeFile(join(dir, file), JSON.stringify(profile(samples)))
      await write('CPU.20261129.100000.1.0.001.cpuprofile', [2, 3, 3, 3])
      await write('CPU.20261129.100000.1.1.002.cpuprofile', [6])
      await writeFile(join(dir, 'notes.txt'), 'not a profile, though larger than either of them')
      assert.deepEqual((await mainThreadProfile(dir))!.samples, [2, 3, 3, 3])
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
