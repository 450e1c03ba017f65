import db from '@adonisjs/lucid/services/db'
import type { BenchArea } from '#bench/types'
import { APP_PLATFORMS } from '#support/app_versions'

/**
 * The public version check, called on every app open. Volume: 1000
 * launched versions per platform at scale 1 (versions 2.<n>.0), so the
 * highest-version lookup walks a realistic index.
 */
const appVersions: BenchArea = {
  area: 'app_versions',
  async seed({ scale }) {
    const target = 1000 * scale
    for (const platform of APP_PLATFORMS) {
      const { rows } = await db.rawQuery(
        'SELECT count(*)::int AS n FROM app_versions WHERE platform = ?',
        [platform]
      )
      if (rows[0].n >= target) continue
      await db.rawQuery(
        `INSERT INTO app_versions (id, platform, version, major, minor, patch, launch_at, type,
           force_update, title, description, store_url, delivery, min_supported_version,
           created_at, updated_at)
         SELECT gen_random_uuid(), ?, '2.' || n || '.0', 2, n, 0, now() - (n || ' minutes')::interval,
                (ARRAY['feature', 'bug_fix', 'release'])[1 + n % 3], false, 'Bench ' || n,
                'Bench version', 'https://example.test/app', 'store', '1.0.0', now(), now()
         FROM generate_series(?::int, ?::int) AS n
         ON CONFLICT (platform, version) DO NOTHING`,
        [platform, rows[0].n + 1, target]
      )
    }

    return [
      {
        name: 'GET /app/versions',
        method: 'GET',
        path: '/api/v1/app/versions?currentVersion=1.0.0&platform=ios',
      },
    ]
  },
}

export default appVersions
