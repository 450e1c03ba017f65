import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * In-app notifications. The inbox reads (user, company) newest first, so
 * the main index is (user_id, company_id, created_at DESC, id DESC); the
 * unread count and the unread filter use a partial index.
 */
export default class extends BaseSchema {
  protected tableName = 'notifications'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.uuid('company_id').notNullable().references('companies.id').onDelete('CASCADE')
      table.uuid('user_id').notNullable().references('users.id').onDelete('CASCADE')
      table.string('scope', 20).notNullable()
      table.string('type', 50).notNullable()
      table.string('title', 255).notNullable()
      table.text('message').notNullable()
      table.string('priority', 10).notNullable().defaultTo('medium')
      table.boolean('is_read').notNullable().defaultTo(false)
      table.timestamp('read_at', { useTz: true }).nullable()
      table.jsonb('activity').nullable()
      table.uuid('actor_id').nullable().references('users.id').onDelete('SET NULL')
      table.string('actor_name', 255).nullable()
      table.string('actor_avatar', 500).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(this.now())
    })

    this.schema.raw(
      `CREATE INDEX notifications_inbox_idx
         ON notifications (user_id, company_id, created_at DESC, id DESC)`
    )
    this.schema.raw(
      `CREATE INDEX notifications_unread_idx
         ON notifications (user_id, company_id, created_at DESC, id DESC) WHERE is_read = false`
    )
    this.schema.raw(
      'CREATE INDEX notifications_actor_idx ON notifications (actor_id) WHERE actor_id IS NOT NULL'
    )
    /* Retention sweep (notifications:prune): BRIN, tiny on an append-mostly
       table and never picked for the inbox ORDER BY */
    this.schema.raw(
      'CREATE INDEX notifications_created_at_brin ON notifications USING brin (created_at)'
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
