import { readdir, readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** What a V8 CPU profile (`node --cpu-prof`, a `.cpuprofile` file) holds that is read here */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[]
  /** The node sampled, per sample */
  samples: number[]
  /** Microseconds since the sample before, per sample */
  timeDeltas: number[]
}

/** A share of the API's busy time: a package, an app file or a runtime part */
export interface CpuShare {
  name: string
  /** Of the busy time, 0-1 */
  share: number
}

/**
 * Samples that are not the API's work: idle, V8's `(program)`, and
 * `writev`, which the sampler keeps counting while the thread waits,
 * descheduled, inside the socket write (a fifth to a third of a mixed
 * run's samples, a tenth of them CPU by /proc)
 */
const WAITS = new Set(['(idle)', '(program)', 'writev'])

/** Where a script is: a package of node_modules, a file of the build (`app/...`), or Node's own */
function placeOf(url: string) {
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)
  if (dependency) return dependency[1]
  const own = /\/build\/((?:app|start|bench|database|config)\/.*)$/.exec(url)
  if (own) return own[1]
  return url.replace(/^file:\/\//, '')
}

/**
 * The API's busy time by where it ran (`node --cpu-prof`): each sample
 * counted under its function's package or file, a native one (a builtin,
 * the garbage collector, a socket write) under its nearest JavaScript
 * caller's; waits left out (WAITS). `lastSeconds`: only the profile's end
 * (the bench stops the API right after the mix, so its last seconds are
 * the mix).
 */
export function cpuByPlace(profile: CpuProfile, lastSeconds?: number) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map<number, number>()
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node.id)
  }
  const at: number[] = []
  let clock = 0
  for (const delta of profile.timeDeltas) at.push((clock += delta))
  const from = lastSeconds === undefined ? -Infinity : clock - lastSeconds * 1e6

  const places = new Map<string, number>()
  let busy = 0
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index + 1] ?? 0
    const sampled = nodes.get(id)
    if (at[index] < from || !sampled || WAITS.has(sampled.callFrame.functionName)) return
    let place = sampled.callFrame.functionName
    for (let current: number | undefined = id; current !== undefined;) {
      const node = nodes.get(current)!
      if (node.callFrame.url) {
        place = placeOf(node.callFrame.url)
        break
      }
      current = parents.get(current)
    }
    places.set(place, (places.get(place) ?? 0) + delta)
    busy += delta
  })
  const shares: CpuShare[] = [...places]
    .map(([name, micros]) => ({ name, share: busy ? micros / busy : 0 }))
    .sort((a, b) => b.share - a.share)
  return { busyMs: busy / 1000, shares }
}

/**
 * The API's profile in `dir` (emptied before the run): its main thread's,
 * the largest `.cpuprofile` (each worker thread writes its own, mostly
 * idle); null when none
 */
export async function mainThreadProfile(dir: string): Promise<CpuProfile | null> {
  const listed = await readdir(dir).catch(() => [] as string[])
  const files = await Promise.all(
    listed
      .filter((file) => file.endsWith('.cpuprofile'))
      .map(async (file) => {
        const { size } = await stat(join(dir, file))
        return { file, bytes: size }
      })
  )
  const largest = files.sort((a, b) => b.bytes - a.bytes)[0]
  return largest ? JSON.parse(await readFile(join(dir, largest.file), 'utf8')) : null
}
