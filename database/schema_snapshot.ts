import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/**
 * The schema a fresh `migration:run` builds, as stable text: columns,
 * constraints, indexes, sequences, views, functions and triggers of the
 * public schema. `database/schema.snapshot.sql` records it (`node ace
 * schema:snapshot`); a test compares a fresh migrate with the record, so
 * a migration that changed after it ran (an edited builder, a reworded
 * trigger) cannot slip by, and every new migration ships its schema.
 */
const SECTIONS: [title: string, sql: string][] = [
  [
    'columns',
    `SELECT table_name || '.' || column_name || ' ' || data_type
        || coalesce('(' || character_maximum_length || ')', '')
        || CASE WHEN is_nullable = 'NO' THEN ' not null' ELSE '' END
        || coalesce(' default ' || column_default, '') AS line
       FROM information_schema.columns WHERE table_schema = 'public'
      ORDER BY table_name, ordinal_position`,
  ],
  [
    'constraints',
    `SELECT conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS line
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid <> 0
      ORDER BY conrelid::regclass::text, conname`,
  ],
  [
    'indexes',
    `SELECT indexdef AS line FROM pg_indexes WHERE schemaname = 'public'
      ORDER BY tablename, indexname`,
  ],
  [
    'sequences',
    `SELECT sequencename AS line FROM pg_sequences WHERE schemaname = 'public'
      ORDER BY sequencename`,
  ],
  [
    'views',
    `SELECT viewname || ': ' || definition AS line FROM pg_views WHERE schemaname = 'public'
      ORDER BY viewname`,
  ],
  [
    'functions',
    `SELECT pg_get_functiondef(oid) AS line FROM pg_proc
      WHERE pronamespace = 'public'::regnamespace
      ORDER BY proname, pg_get_function_identity_arguments(oid)`,
  ],
  [
    'triggers',
    `SELECT pg_get_triggerdef(t.oid) AS line FROM pg_trigger t
       JOIN pg_class c ON c.oid = t.tgrelid
      WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
      ORDER BY c.relname, t.tgname`,
  ],
]

export const SCHEMA_SNAPSHOT_PATH = 'database/schema.snapshot.sql'

export async function schemaSnapshot(client: QueryClientContract): Promise<string> {
  const parts: string[] = []
  for (const [title, sql] of SECTIONS) {
    const { rows } = await client.rawQuery(sql)
    const lines = (rows as { line: string }[]).map((row) => row.line.trimEnd())
    parts.push(`-- ${title}\n${lines.join('\n')}\n`)
  }
  return parts.join('\n')
}
