import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Live streams belong to a session (security). `live_streams` holds every
 * open event stream of every API instance: its uid is unique (a second
 * stream with an open uid is refused), `holder_*` names the LISTEN
 * connection of the instance that holds it (a row whose connection is gone
 * is stale: that instance died, and the uid may be opened again), and the
 * session that owns it once bound (only that session may subscribe).
 *
 * The triggers announce, on `live_revocations`, every session that ends
 * (revoked, or deleted with its user) and every membership that ends
 * (removed, or deleted with its company or user), whichever code path
 * does it; PostgreSQL delivers them at commit, to every instance, which
 * then ends its streams of that session or of that channel. Row level:
 * these rows change rarely and few at a time (a revoke-all is one user's
 * sessions).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('live_streams', (table) => {
      table.uuid('uid').primary()
      table.integer('holder_pid').notNullable()
      table.timestamp('holder_started', { useTz: true }).notNullable()
      table.uuid('session_id').nullable()
      table.uuid('user_id').nullable()
      table.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(this.now())
    })
    this.schema.raw(`
      CREATE FUNCTION live_revoke_session() RETURNS trigger AS $$
      BEGIN
        PERFORM pg_notify('live_revocations', json_build_object('sessionId', OLD.id)::text);
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`CREATE TRIGGER live_revoke_session AFTER UPDATE OF revoked_at ON auth_sessions
      FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
      EXECUTE FUNCTION live_revoke_session()`)
    this.schema.raw(`CREATE TRIGGER live_revoke_deleted_session AFTER DELETE ON auth_sessions
      FOR EACH ROW WHEN (OLD.revoked_at IS NULL) EXECUTE FUNCTION live_revoke_session()`)
    this.schema.raw(`
      CREATE FUNCTION live_revoke_membership() RETURNS trigger AS $$
      BEGIN
        PERFORM pg_notify('live_revocations',
          json_build_object('userId', OLD.user_id, 'companyId', OLD.company_id)::text);
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`CREATE TRIGGER live_revoke_membership AFTER DELETE ON company_members
      FOR EACH ROW EXECUTE FUNCTION live_revoke_membership()`)
    this.schema.raw(`CREATE TRIGGER live_revoke_moved_membership
      AFTER UPDATE OF user_id, company_id ON company_members
      FOR EACH ROW WHEN (OLD.user_id <> NEW.user_id OR OLD.company_id <> NEW.company_id)
      EXECUTE FUNCTION live_revoke_membership()`)
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS live_revoke_moved_membership ON company_members')
    this.schema.raw('DROP TRIGGER IF EXISTS live_revoke_membership ON company_members')
    this.schema.raw('DROP FUNCTION IF EXISTS live_revoke_membership()')
    this.schema.raw('DROP TRIGGER IF EXISTS live_revoke_deleted_session ON auth_sessions')
    this.schema.raw('DROP TRIGGER IF EXISTS live_revoke_session ON auth_sessions')
    this.schema.raw('DROP FUNCTION IF EXISTS live_revoke_session()')
    this.schema.dropTable('live_streams')
  }
}
