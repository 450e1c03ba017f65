import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ShowProfile from '#actions/profile/show_profile'
import UpdateProfile from '#actions/profile/update_profile'
import DeleteAccount from '#actions/profile/delete_account'
import ProfileDto from '#dtos/profile_dto'
import UserDto from '#dtos/user_dto'
import { updateProfileValidator } from '#validators/profile'

export default class ProfileController {
  /**
   * GET /users/me: `x-company-id` is optional here (permissions [] without it).
   */
  @inject()
  async show({ auth, membership }: HttpContext, showProfile: ShowProfile) {
    const profile = await showProfile.handle(auth.getUserOrFail(), membership ?? null)
    return { data: ProfileDto.fromProfile(profile) }
  }

  /** PUT /users/me */
  @inject()
  async update({ auth, request }: HttpContext, updateProfile: UpdateProfile) {
    const payload = await request.validateUsing(updateProfileValidator)
    const user = await updateProfile.handle(auth.getUserOrFail(), payload)
    return { data: UserDto.fromModel(user) }
  }

  /** DELETE /users/me/delete */
  @inject()
  async destroy({ auth, response }: HttpContext, deleteAccount: DeleteAccount) {
    await deleteAccount.handle(auth.getUserOrFail())
    return response.noContent()
  }
}
