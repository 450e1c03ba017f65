import { randomUUID } from 'node:crypto'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { BaseModel, beforeCreate } from '@adonisjs/lucid/orm'

/**
 * UUID v4 primary keys assigned by the application, so a model knows its
 * id before the insert (the column also defaults to gen_random_uuid()
 * for batch inserts). The column itself is declared by the model's schema
 * class (database/schema.ts).
 */
export function withUuidPrimaryKey<T extends NormalizeConstructor<typeof BaseModel>>(
  superclass: T
) {
  class UuidModel extends superclass {
    static selfAssignPrimaryKey = true

    declare id: string

    @beforeCreate()
    static assignUuid(model: UuidModel) {
      if (!model.id) model.id = randomUUID()
    }
  }
  return UuidModel
}
