import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Voice cloning (server/src/modules/voices/README.md): uploaded samples with their measured facts,
 * and voices, each the durable task that clones it (the queue columns of src/tasks/taskQueue.ts).
 */
export function voices(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('voice_samples')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('loudness_db', 'double precision', (c) => c.notNull())
        .addColumn('silence_ratio', 'double precision', (c) => c.notNull())
        .addColumn('pitch_hz', 'double precision')
        .addColumn('syllables_per_second', 'double precision', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('voice_samples_user').on('voice_samples').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('voices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('sample_id', 'text', (c) => c.references('voice_samples.id').onDelete('set null'))
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('provider_voice_id', 'text')
        .addColumn('provider_state', 'text')
        .addColumn('reference_key', 'text')
        .addColumn('transcript', 'text', (c) => c.notNull())
        .addColumn('offline_demo', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duration_ms', 'integer', (c) => c.notNull())
        .addColumn('pitch_hz', 'double precision')
        .addColumn('syllables_per_second', 'double precision', (c) => c.notNull())
        .addColumn('consent_text', 'text', (c) => c.notNull())
        .addColumn('consent_at', 'text', (c) => c.notNull())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('claimed_by', 'text')
        .addColumn('heartbeat_at', 'text')
        .addColumn('started_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('voices_user').on('voices').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('voices_status').on('voices').columns(['status', 'created_at']).execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('voices').execute();
      await db.schema.dropTable('voice_samples').execute();
    },
  };
}
