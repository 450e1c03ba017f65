import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import type { Infer } from '@vinejs/vine/types'
import type User from '#models/user'
import type { updateProfileValidator } from '#validators/profile'

type Params = Infer<typeof updateProfileValidator>

/**
 * PUT /users/me: name, phone, CPF and locale. A name change is announced
 * (`user:profile_updated`) inside the transaction, so that copies of it
 * are refreshed atomically.
 */
export default class UpdateProfile {
  async handle(user: User, params: Params) {
    return db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.name = params.name
      if (params.phone !== undefined) user.phone = params.phone
      if (params.cpf !== undefined) user.cpf = params.cpf
      if (params.locale !== undefined) user.locale = params.locale

      const nameChanged = 'name' in user.$dirty || 'avatar' in user.$dirty
      await user.save()
      if (nameChanged) await emitter.emit('user:profile_updated', { user, trx })
      return user
    })
  }
}
