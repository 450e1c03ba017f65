import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Compliance lists (#12, #17): `compliance_flows.providers_count` kept by
 * statement-level triggers on `provider_compliance_flows` (attach, detach,
 * re-attach, cascade), one row update per flow and statement whatever the
 * batch, instead of a recount of the flow's attachments on every write;
 * and the attachment index carries the list's tie-breaker (`id`), so the
 * newest N of a flow whose providers were attached in one batch (same
 * `attached_at`) are read from the index without sorting them all.
 */
export default class extends BaseSchema {
  async up() {
    /** A trigger with transition tables has one event, hence one function per event */
    this.schema.raw(`
      CREATE FUNCTION compliance_flow_providers_count_insert() RETURNS trigger AS $$
      BEGIN
        UPDATE compliance_flows AS f SET providers_count = f.providers_count + d.delta
          FROM (SELECT flow_id, count(*) AS delta FROM new_rows
                 WHERE detached_at IS NULL GROUP BY flow_id) AS d
         WHERE f.id = d.flow_id;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`
      CREATE FUNCTION compliance_flow_providers_count_delete() RETURNS trigger AS $$
      BEGIN
        UPDATE compliance_flows AS f SET providers_count = f.providers_count - d.delta
          FROM (SELECT flow_id, count(*) AS delta FROM old_rows
                 WHERE detached_at IS NULL GROUP BY flow_id) AS d
         WHERE f.id = d.flow_id;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`
      CREATE FUNCTION compliance_flow_providers_count_update() RETURNS trigger AS $$
      BEGIN
        UPDATE compliance_flows AS f SET providers_count = f.providers_count + d.delta
          FROM (SELECT flow_id, sum(delta) AS delta FROM (
                  SELECT flow_id, 1 AS delta FROM new_rows WHERE detached_at IS NULL
                  UNION ALL
                  SELECT flow_id, -1 FROM old_rows WHERE detached_at IS NULL
                ) AS changes GROUP BY flow_id) AS d
         WHERE f.id = d.flow_id AND d.delta <> 0;
        RETURN NULL;
      END
      $$ LANGUAGE plpgsql
    `)
    this.schema.raw(`CREATE TRIGGER compliance_flow_providers_count_insert
      AFTER INSERT ON provider_compliance_flows REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION compliance_flow_providers_count_insert()`)
    this.schema.raw(`CREATE TRIGGER compliance_flow_providers_count_delete
      AFTER DELETE ON provider_compliance_flows REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION compliance_flow_providers_count_delete()`)
    this.schema.raw(`CREATE TRIGGER compliance_flow_providers_count_update
      AFTER UPDATE ON provider_compliance_flows
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION compliance_flow_providers_count_update()`)

    this.schema.raw(`UPDATE compliance_flows f SET providers_count = (
      SELECT count(*) FROM provider_compliance_flows a
       WHERE a.flow_id = f.id AND a.detached_at IS NULL)`)

    this.schema.raw('DROP INDEX provider_compliance_flows_recent')
    this.schema.raw(`CREATE INDEX provider_compliance_flows_recent
      ON provider_compliance_flows (flow_id, attached_at DESC, id) WHERE detached_at IS NULL`)
  }

  async down() {
    for (const event of ['insert', 'delete', 'update']) {
      this.schema.raw(
        `DROP TRIGGER IF EXISTS compliance_flow_providers_count_${event} ON provider_compliance_flows`
      )
      this.schema.raw(`DROP FUNCTION IF EXISTS compliance_flow_providers_count_${event}()`)
    }
    this.schema.raw('DROP INDEX provider_compliance_flows_recent')
    this.schema.raw(`CREATE INDEX provider_compliance_flows_recent
      ON provider_compliance_flows (flow_id, attached_at DESC) WHERE detached_at IS NULL`)
  }
}
