import DataExport from '#models/data_export'
import type User from '#models/user'

/**
 * POST /users/me/data-export: queues an export (built by
 * `node ace data-exports:process`). A request while one is still pending
 * returns that one instead of queueing another.
 */
export default class RequestDataExport {
  async handle(user: User) {
    const pending = await DataExport.query()
      .where('user_id', user.id)
      .where('status', 'pending')
      .first()
    return pending ?? DataExport.create({ userId: user.id, status: 'pending' })
  }
}
