import { existsSync } from 'node:fs'

/**
 * Which test files guard a module, for `npm run mutate` (docs/testing.md).
 * A module's area comes from its folder (`app/actions/<area>/`,
 * `app/services/<area>/`) or from its file name (`contract_dto.ts` ->
 * contract); the area's functional
 * tests run, plus the security and unit suites that cut across areas. A
 * module of no known area runs the whole suite.
 */
const AREA_TESTS: Record<string, string[]> = {
  app_versions: ['tests/functional/app_versions'],
  auth: ['tests/functional/auth', 'tests/functional/profile'],
  companies: ['tests/functional/companies'],
  company: ['tests/functional/companies', 'tests/functional/notifications'],
  compliance: ['tests/functional/compliance', 'tests/functional/event_notifications'],
  contract: ['tests/functional/contracts'],
  contracts: ['tests/functional/contracts'],
  hours: ['tests/functional/hours', 'tests/functional/provider_area'],
  integrations: ['tests/functional/event_notifications'],
  jwt: ['tests/functional/auth', 'tests/functional/profile'],
  notification: ['tests/functional/notifications', 'tests/functional/event_notifications'],
  notifications: ['tests/functional/notifications', 'tests/functional/event_notifications'],
  onboarding: ['tests/functional/onboarding'],
  permissions: ['tests/functional/profile'],
  profile: ['tests/functional/profile'],
  provider_area: ['tests/functional/provider_area'],
  /** Role gates: the generated role matrix lives in the security suite */
  role: [],
  roles: [],
  session: ['tests/functional/auth', 'tests/functional/profile'],
  team: ['tests/functional/team'],
  templates: ['tests/functional/contracts'],
  workflows: ['tests/functional/contracts'],
  work_entry: ['tests/functional/hours'],
}

const CROSS_CUTTING = ['tests/functional/security', 'tests/unit']

function areaOf(module: string): string | undefined {
  const folder = module.match(/^app\/(?:actions|services)\/([^/]+)\//)?.[1]
  if (folder && AREA_TESTS[folder]) return folder
  const file = module.split('/').pop()!.replace(/\.ts$/, '')
  return Object.keys(AREA_TESTS)
    .sort((a, b) => b.length - a.length)
    .find((area) => file === area || file.startsWith(`${area}_`) || file.endsWith(`_${area}`))
}

/** Japa `--files` filters (`<folder>/*` matches the folder's spec files); [] = the whole suite */
export function testFilesFor(modules: string[]): string[] {
  const areas = modules.map(areaOf)
  if (areas.some((area) => !area)) return []
  const folders = new Set([...areas.flatMap((area) => AREA_TESTS[area!]), ...CROSS_CUTTING])
  return [...folders].filter((folder) => existsSync(folder)).map((folder) => `${folder}/*`)
}
