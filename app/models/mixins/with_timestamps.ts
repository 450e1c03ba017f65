import type { DateTime } from 'luxon'
import type { NormalizeConstructor } from '@adonisjs/core/types/helpers'
import { BaseModel, column } from '@adonisjs/lucid/orm'

/**
 * The `created_at` / `updated_at` pair that most tables carry: set on
 * insert, and `updatedAt` again on every update (declared once here rather
 * than in each model).
 */
export function withTimestamps<T extends NormalizeConstructor<typeof BaseModel>>(superclass: T) {
  class TimestampedModel extends superclass {
    @column.dateTime({ autoCreate: true })
    declare createdAt: DateTime

    @column.dateTime({ autoCreate: true, autoUpdate: true })
    declare updatedAt: DateTime
  }
  return TimestampedModel
}
