import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CheckAppVersion from '#actions/app_versions/check_app_version'
import AppVersionDto from '#dtos/app_version_dto'
import { sendCacheable } from '#support/http_cache'
import { checkAppVersionValidator } from '#validators/app_version'

export default class AppVersionsController {
  /**
   * GET /app/versions (public): whether an update exists for the caller's
   * version and whether it is mandatory. Cacheable for a minute.
   */
  @inject()
  async check(ctx: HttpContext, checkAppVersion: CheckAppVersion) {
    const query = await ctx.request.validateUsing(checkAppVersionValidator)
    const result = await checkAppVersion.handle(query)
    return sendCacheable(
      ctx,
      {
        data: {
          updateAvailable: result.updateAvailable,
          version: result.version
            ? AppVersionDto.fromModel(result.version, result.forceUpdate)
            : null,
        },
      },
      60
    )
  }
}
