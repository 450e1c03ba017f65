import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Mobile app versions (spec: AppVersion). `major`, `minor` and `patch`
 * are the semver key as integers, so that "the highest launched version
 * of a platform" is one walk down a partial index, not a sort in JS.
 */
export default class extends BaseSchema {
  protected tableName = 'app_versions'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.uuid('id').primary().defaultTo(this.raw('gen_random_uuid()'))
      table.string('platform', 10).notNullable().checkIn(['ios', 'android'])
      table.string('version', 32).notNullable()
      table.integer('major').notNullable()
      table.integer('minor').notNullable()
      table.integer('patch').notNullable()
      table.timestamp('launch_at', { useTz: true }).notNullable()
      table.string('type', 10).notNullable().checkIn(['feature', 'bug_fix', 'release'])
      table.boolean('force_update').notNullable().defaultTo(false)
      table.string('title', 255).notNullable()
      table.text('description').notNullable()
      table.string('store_url', 500).nullable()
      table.string('delivery', 10).notNullable().defaultTo('store').checkIn(['store', 'ota'])
      table.string('min_supported_version', 32).notNullable()
      table.timestamp('deprecated_at', { useTz: true }).nullable()
      table.string('runtime_version', 64).nullable()
      table.string('update_id', 128).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.timestamp('deleted_at', { useTz: true }).nullable()

      table.unique(['platform', 'version'])
    })
    this.schema.raw(`
      CREATE INDEX app_versions_latest_index
        ON app_versions (platform, major DESC, minor DESC, patch DESC)
        INCLUDE (launch_at)
        WHERE deleted_at IS NULL
    `)
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
