import type { BenchResult } from '#bench/runner'

type Earlier = Pick<BenchResult, 'name' | 'scale' | 'requestsPerSecond'> & { ratio?: number }

const fixed = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(2))

/**
 * `npm run bench -- --compare <file>`: one row per scenario and scale of
 * this run against the same one in an earlier results.json (req/s, the
 * change in percent, and the ratios, which hold on a noisier machine).
 */
export function comparison(earlier: Earlier[], now: BenchResult[]): string[][] {
  return now.map((result) => {
    const before = earlier.find(
      (other) => other.name === result.name && other.scale === result.scale
    )
    const change = before?.requestsPerSecond
      ? `${Math.round((result.requestsPerSecond / before.requestsPerSecond - 1) * 100)}%`
      : '-'
    return [
      result.name,
      `x${result.scale}`,
      before ? String(before.requestsPerSecond) : '-',
      String(result.requestsPerSecond),
      change,
      fixed(before?.ratio),
      fixed(result.ratio),
    ]
  })
}
