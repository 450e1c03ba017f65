import router from '@adonisjs/core/services/router'
import type { Constructor, LazyImport } from '@adonisjs/core/types/common'
import { middleware } from '#start/kernel'
import type { Permission } from '#support/permissions'

interface CompanyResource {
  /** route names: `<as>.index`, `<as>.show`, ... */
  as: string
  /** the gate of index and show */
  read: Permission
  /** the gate of store, update and destroy */
  write: Permission
}

/**
 * The routes of a make:resource CRUD resource under /api/v1/<path>: the
 * auth, company, role and pathIds middleware, each route's gate, and PUT
 * only for update (a resource also routes PATCH, which the API does not
 * document).
 */
export function companyResource(
  path: string,
  controller: LazyImport<Constructor<any>>,
  { as, read, write }: CompanyResource
) {
  return router
    .group(() => {
      router
        .resource(path, controller)
        .apiOnly()
        .except(['update'])
        .as(as)
        .tap(['index', 'show'], (route) => route.gate(read))
        .tap(['store', 'destroy'], (route) => route.gate(write))
      router.put(`/${path}/:id`, [controller, 'update']).as(`${as}.update`).gate(write)
    })
    .prefix('/api/v1')
    .use([
      middleware.auth(),
      middleware.company(),
      middleware.role(),
      middleware.pathIds({ names: ['id'] }),
    ])
}
