import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Deploy tokens (server/src/modules/platform/README.md, "Shipping your area"): one area, some rights,
 * stored as the token's sha256 only. A release's content hash (all its files). A registry event records who made it (`actor`: a token's name,
 * `ops` for OPS_TOKEN over HTTP, `cli` for `pnpm ops`; '' for events older than this).
 */
export function deployTokens(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('deploy_tokens')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('area', 'text', (c) => c.notNull())
        .addColumn('rights', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text')
        .addColumn('last_used_at', 'text')
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.alterTable('remote_events').addColumn('actor', 'text', (c) => c.notNull().defaultTo('')).execute();
      // The hash of every file of a release (null for releases published before: judged by remoteEntry.js alone).
      await db.schema.alterTable('remote_releases').addColumn('content_hash', 'text').execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.alterTable('remote_releases').dropColumn('content_hash').execute();
      await db.schema.alterTable('remote_events').dropColumn('actor').execute();
      await db.schema.dropTable('deploy_tokens').execute();
    },
  };
}
