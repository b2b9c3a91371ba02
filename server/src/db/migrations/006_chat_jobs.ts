import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Running chat generations and the server instances running them, so a crashed instance's jobs
 * are found: their points holds released and their answer nodes marked failed (chat/recovery.ts).
 */
export function chatJobs(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('chat_jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('instance_id', 'text', (c) => c.notNull())
        .addColumn('started_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('chat_jobs_instance').on('chat_jobs').column('instance_id').execute();
      await db.schema
        .createTable('chat_instances')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('heartbeat_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
