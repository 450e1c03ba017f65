import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The team's links (E1, F, D8, clients) read from the link row itself.
 *
 * `counterparty_of` is the one place that knows the perspective: the
 * contract owner's id when the part is its counterparty (neither the
 * owner's own part, whatever its role, nor a NEUTRAL part) and the
 * contract is not deleted; NULL otherwise. With a `provider` workflow the
 * owner's own part is PROVIDER and the counterparty BORROWER, so "every
 * PROVIDER part" is the wrong question (#17 finding 4).
 *
 * `link_name` (the counterpart's lowercase display name, the sort key)
 * and `link_search` (company name, trade name, CNPJ, owner names, e-mails
 * and CPFs, or the person's name, e-mail and CPF, lowercase, one per
 * line) are copies of the counterpart, so the first page of a large
 * borrower is an index range (counterparty_of, link_name, id) and the
 * search one trigram index (#12 item 4). A BEFORE trigger computes the
 * three on every insert/update of a part; triggers on companies, users,
 * company_members (owners) and contracts (owner, soft delete) touch the
 * parts they describe, so any writer (actions, seeds, bench, SQL) keeps
 * them in sync. `company_link_counters` (statement triggers) holds each
 * borrower's link total and active count, so the page's `total` is
 * one primary-key read.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('contract_parts', (table) => {
      table.uuid('counterparty_of').nullable()
      table.text('link_name').nullable()
      table.text('link_search').nullable()
    })
    this.schema.raw(`CREATE INDEX contract_parts_links_sort
      ON contract_parts (counterparty_of, link_name, id) WHERE counterparty_of IS NOT NULL`)
    this.schema.raw(`CREATE INDEX contract_parts_links_search
      ON contract_parts USING gin (link_search gin_trgm_ops) WHERE counterparty_of IS NOT NULL`)

    /** The links of a party (refresh triggers above, GET /clients) */
    this.schema.raw(`CREATE INDEX contract_parts_links_company
      ON contract_parts (company_id) WHERE counterparty_of IS NOT NULL`)
    this.schema.raw(`CREATE INDEX contract_parts_links_user
      ON contract_parts (user_id) WHERE counterparty_of IS NOT NULL`)

    this.schema.createTable('company_link_counters', (table) => {
      table.uuid('company_id').primary().references('companies.id').onDelete('CASCADE')
      table.integer('total').notNullable().defaultTo(0)
      table.integer('active').notNullable().defaultTo(0)
    })

    this.schema.raw(`
      CREATE FUNCTION contract_part_link_fields() RETURNS trigger AS $$
      DECLARE
        owner_id uuid;
      BEGIN
        SELECT company_id INTO owner_id FROM contracts
         WHERE id = NEW.contract_id AND deleted_at IS NULL;
        IF owner_id IS NULL OR NEW.role = 'NEUTRAL'
           OR NEW.company_id IS NOT DISTINCT FROM owner_id THEN
          NEW.counterparty_of := NULL;
          NEW.link_name := NULL;
          NEW.link_search := NULL;
          RETURN NEW;
        END IF;
        NEW.counterparty_of := owner_id;
        IF NEW.company_id IS NOT NULL THEN
          SELECT lower(co.name),
                 concat_ws(E'\\n', lower(co.name), lower(co.trade_name), lower(co.document),
                           owners.text)
            INTO NEW.link_name, NEW.link_search
            FROM companies co
            LEFT JOIN LATERAL (
              SELECT string_agg(concat_ws(E'\\n', lower(u.name), lower(u.email), lower(u.cpf)),
                                E'\\n' ORDER BY m.created_at) AS text
                FROM company_members m JOIN users u ON u.id = m.user_id
               WHERE m.company_id = co.id AND m.role = 'owner'
            ) owners ON true
           WHERE co.id = NEW.company_id;
        ELSE
          SELECT lower(u.name), concat_ws(E'\\n', lower(u.name), lower(u.email), lower(u.cpf))
            INTO NEW.link_name, NEW.link_search
            FROM users u WHERE u.id = NEW.user_id;
        END IF;
        RETURN NEW;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`CREATE TRIGGER contract_parts_link_fields
      BEFORE INSERT OR UPDATE ON contract_parts
      FOR EACH ROW EXECUTE FUNCTION contract_part_link_fields()`)

    /** A no-op update of the parts re-runs the BEFORE trigger above; updated_at is left alone */
    this.schema.raw(`
      CREATE FUNCTION contract_part_links_refresh() RETURNS trigger AS $$
      BEGIN
        IF TG_TABLE_NAME = 'companies' THEN
          UPDATE contract_parts SET role = role
           WHERE company_id = NEW.id AND counterparty_of IS NOT NULL;
        ELSIF TG_TABLE_NAME = 'users' THEN
          UPDATE contract_parts SET role = role
           WHERE counterparty_of IS NOT NULL
             AND (user_id = NEW.id
                  OR company_id IN (SELECT company_id FROM company_members
                                     WHERE user_id = NEW.id AND role = 'owner'));
        ELSIF TG_TABLE_NAME = 'contracts' THEN
          UPDATE contract_parts SET role = role WHERE contract_id = NEW.id;
        ELSE
          IF TG_OP <> 'INSERT' AND OLD.role = 'owner' THEN
            UPDATE contract_parts SET role = role
             WHERE company_id = OLD.company_id AND counterparty_of IS NOT NULL;
          END IF;
          IF TG_OP <> 'DELETE' AND NEW.role = 'owner' THEN
            UPDATE contract_parts SET role = role
             WHERE company_id = NEW.company_id AND counterparty_of IS NOT NULL;
          END IF;
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`CREATE TRIGGER companies_link_refresh
      AFTER UPDATE OF name, trade_name, document ON companies FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.trade_name IS DISTINCT FROM NEW.trade_name
            OR OLD.document IS DISTINCT FROM NEW.document)
      EXECUTE FUNCTION contract_part_links_refresh()`)
    this.schema.raw(`CREATE TRIGGER users_link_refresh
      AFTER UPDATE OF name, email, cpf ON users FOR EACH ROW
      WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
            OR OLD.cpf IS DISTINCT FROM NEW.cpf)
      EXECUTE FUNCTION contract_part_links_refresh()`)
    this.schema.raw(`CREATE TRIGGER contracts_link_refresh
      AFTER UPDATE OF company_id, deleted_at ON contracts FOR EACH ROW
      WHEN (OLD.company_id IS DISTINCT FROM NEW.company_id
            OR (OLD.deleted_at IS NULL) <> (NEW.deleted_at IS NULL))
      EXECUTE FUNCTION contract_part_links_refresh()`)
    this.schema.raw(`CREATE TRIGGER company_members_link_refresh
      AFTER INSERT OR DELETE OR UPDATE OF role, user_id, company_id, created_at
      ON company_members FOR EACH ROW
      EXECUTE FUNCTION contract_part_links_refresh()`)

    this.schema.raw(`
      CREATE FUNCTION company_link_counters_apply() RETURNS trigger AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO company_link_counters AS k (company_id, total, active)
          SELECT counterparty_of, count(*), count(*) FILTER (WHERE is_active)
            FROM new_rows WHERE counterparty_of IS NOT NULL GROUP BY counterparty_of
          ON CONFLICT (company_id) DO UPDATE
            SET total = k.total + EXCLUDED.total, active = k.active + EXCLUDED.active;
        ELSIF TG_OP = 'DELETE' THEN
          UPDATE company_link_counters AS k
             SET total = k.total - d.total, active = k.active - d.active
            FROM (SELECT counterparty_of, count(*) AS total,
                         count(*) FILTER (WHERE is_active) AS active
                    FROM old_rows WHERE counterparty_of IS NOT NULL
                   GROUP BY counterparty_of) AS d
           WHERE k.company_id = d.counterparty_of;
        ELSE
          INSERT INTO company_link_counters AS k (company_id, total, active)
          SELECT company_id, sum(total), sum(active)
            FROM (SELECT counterparty_of AS company_id, 1 AS total, is_active::int AS active
                    FROM new_rows WHERE counterparty_of IS NOT NULL
                  UNION ALL
                  SELECT counterparty_of, -1, -(is_active::int)
                    FROM old_rows WHERE counterparty_of IS NOT NULL) AS d
           GROUP BY company_id
          HAVING sum(total) <> 0 OR sum(active) <> 0
          ON CONFLICT (company_id) DO UPDATE
            SET total = k.total + EXCLUDED.total, active = k.active + EXCLUDED.active;
        END IF;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`CREATE TRIGGER company_link_counters_insert AFTER INSERT ON contract_parts
      REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION company_link_counters_apply()`)
    this.schema.raw(`CREATE TRIGGER company_link_counters_delete AFTER DELETE ON contract_parts
      REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION company_link_counters_apply()`)
    this.schema.raw(`CREATE TRIGGER company_link_counters_update AFTER UPDATE ON contract_parts
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION company_link_counters_apply()`)

    /** Backfill: the no-op update fills the fields and, through the update trigger, the counters */
    this.schema.raw('UPDATE contract_parts SET role = role')
  }

  async down() {
    this.schema.raw('DROP TRIGGER IF EXISTS company_link_counters_insert ON contract_parts')
    this.schema.raw('DROP TRIGGER IF EXISTS company_link_counters_delete ON contract_parts')
    this.schema.raw('DROP TRIGGER IF EXISTS company_link_counters_update ON contract_parts')
    this.schema.raw('DROP FUNCTION IF EXISTS company_link_counters_apply()')
    this.schema.raw('DROP TRIGGER IF EXISTS company_members_link_refresh ON company_members')
    this.schema.raw('DROP TRIGGER IF EXISTS contracts_link_refresh ON contracts')
    this.schema.raw('DROP TRIGGER IF EXISTS users_link_refresh ON users')
    this.schema.raw('DROP TRIGGER IF EXISTS companies_link_refresh ON companies')
    this.schema.raw('DROP FUNCTION IF EXISTS contract_part_links_refresh()')
    this.schema.raw('DROP TRIGGER IF EXISTS contract_parts_link_fields ON contract_parts')
    this.schema.raw('DROP FUNCTION IF EXISTS contract_part_link_fields()')
    this.schema.dropTable('company_link_counters')
    this.schema.raw('DROP INDEX IF EXISTS contract_parts_links_user')
    this.schema.raw('DROP INDEX IF EXISTS contract_parts_links_company')
    this.schema.raw('DROP INDEX IF EXISTS contract_parts_links_search')
    this.schema.raw('DROP INDEX IF EXISTS contract_parts_links_sort')
    this.schema.alterTable('contract_parts', (table) => {
      table.dropColumn('link_search')
      table.dropColumn('link_name')
      table.dropColumn('counterparty_of')
    })
  }
}
