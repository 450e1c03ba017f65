import type { BenchArea } from '#bench/types'
import foundation from '#bench/scenarios/foundation'
import appVersions from '#bench/scenarios/app_versions'
import compliance from '#bench/scenarios/compliance'
import notifications from '#bench/scenarios/notifications'
import contracts from '#bench/scenarios/contracts'
import team from '#bench/scenarios/team'
import hours from '#bench/scenarios/hours'

/**
 * Every area of `npm run bench`. Areas add their module here.
 */
export const benchAreas: BenchArea[] = [
  foundation,
  appVersions,
  compliance,
  notifications,
  contracts,
  team,
  hours,
]
