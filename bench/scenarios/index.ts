import type { BenchArea } from '#bench/types'
import foundation from '#bench/scenarios/foundation'
import contracts from '#bench/scenarios/contracts'

/**
 * Every area of `npm run bench`. Areas add their module here.
 */
export const benchAreas: BenchArea[] = [foundation, contracts]
