import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/** Users, their sign-in identities, settings, sessions with their refresh tokens, and API keys. */
export function accounts(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull())
        // Several NULLs are allowed in a UNIQUE column on both databases.
        .addColumn('phone', 'text', (c) => c.unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('password_hash', 'text')
        .addColumn('invite_code', 'text', (c) => c.notNull().unique())
        .addColumn('inviter_id', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('wechat_openid', 'text', (c) => c.unique())
        .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
        // The user-info fields of spec platform §3; times as ISO text like every other timestamp.
        .addColumn('user_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_sign_expire_time', 'text')
        .addColumn('user_package2', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_package_expire_time2', 'text')
        .addColumn('more_package_time', 'text')
        .addColumn('experience_package_expire_time', 'text')
        .addColumn('experience_user_level', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_inviter_id').on('users').column('inviter_id').execute();
      await db.schema.createIndex('users_username').on('users').column('username').execute();

      await db.schema
        .createTable('social_identities')
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('social_identities_pk', ['provider', 'subject'])
        .execute();
      await db.schema.createIndex('social_identities_user_id').on('social_identities').column('user_id').execute();

      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('speech_model', 'text', (c) => c.notNull().defaultTo('tts-1'))
        .addColumn('voice', 'text', (c) => c.notNull().defaultTo('onyx'))
        // 8-byte float on both (SQLite's REAL affinity; PostgreSQL's float4 would turn 1.1 into 1.100000023…).
        .addColumn('speed', 'double precision', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('refresh_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('rotated_at', 'text')
        .execute();
      await db.schema.createIndex('refresh_tokens_session_id').on('refresh_tokens').column('session_id').execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('last4', 'text', (c) => c.notNull())
        // 0/1: SQLite has no boolean, and both databases then read the same number.
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_user_id').on('api_keys').column('user_id').execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['api_keys', 'refresh_tokens', 'sessions', 'user_settings', 'social_identities', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
