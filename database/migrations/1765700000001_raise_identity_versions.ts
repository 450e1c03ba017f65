import { BaseSchema } from '@adonisjs/lucid/schema'

/** The columns of users and companies that lists print (as migration 1764300010001 names them) */
const USER_DIRECTORY = 'name, email, phone, cpf, avatar'
const COMPANY_DIRECTORY = 'name, trade_name, document, email, phone, logo, timezone'

/**
 * The authenticated floor (the session's user, its membership and the
 * membership's company) is kept by each API process while the read
 * versions it was read under hold (AuthenticatedFloors): a user's
 * memberships already raise `u:<user>` (migration 1764300010001). Here any
 * change of a user's own row raises it too (a password, a locale, an
 * e-mail verification: the floor's user holds them), and any change of a
 * company's row raises `directory` (companies change rarely; their printed
 * columns already raised it). A change that writes the same values raises
 * nothing.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION read_versions_users() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY['directory']);
        ELSE
          PERFORM read_versions_bump(
            ARRAY(SELECT 'u:' || changed.id
                    FROM (SELECT * FROM new_rows EXCEPT ALL SELECT * FROM old_rows) changed)
            || CASE WHEN EXISTS (SELECT id, ${USER_DIRECTORY} FROM new_rows
                                 EXCEPT ALL SELECT id, ${USER_DIRECTORY} FROM old_rows)
                    THEN ARRAY['directory'] ELSE '{}'::text[] END);
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql`)
    this.schema.raw(`
      CREATE OR REPLACE FUNCTION read_versions_companies() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          PERFORM read_versions_bump(ARRAY['directory']);
        ELSIF EXISTS (SELECT * FROM new_rows EXCEPT ALL SELECT * FROM old_rows) THEN
          PERFORM read_versions_bump(ARRAY['directory']);
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql`)
  }

  async down() {
    for (const [table, columns] of [
      ['users', USER_DIRECTORY],
      ['companies', COMPANY_DIRECTORY],
    ]) {
      this.schema.raw(`
        CREATE OR REPLACE FUNCTION read_versions_${table}() RETURNS trigger AS $$
        BEGIN
          IF TG_OP = 'DELETE' THEN
            PERFORM read_versions_bump(ARRAY['directory']);
          ELSIF EXISTS (SELECT id, ${columns} FROM new_rows
                        EXCEPT ALL SELECT id, ${columns} FROM old_rows) THEN
            PERFORM read_versions_bump(ARRAY['directory']);
          END IF;
          RETURN NULL;
        END
        $$ LANGUAGE plpgsql`)
    }
  }
}
