import type { BenchArea } from '#bench/types'
import foundation from '#bench/scenarios/foundation'
import team from '#bench/scenarios/team'

/**
 * Every area of `npm run bench`. Areas add their module here.
 */
export const benchAreas: BenchArea[] = [foundation, team]
