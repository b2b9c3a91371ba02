import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Agents and built-in apps (server/src/modules/agents/README.md): one table for both (a built-in
 * app has a slug and no owner), and the users' favourite apps. An agent is soft-deleted
 * (`deleted_at`): conversations keep its code, name and icon of their own.
 */
export function agents(_dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('agents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('slug', 'text', (c) => c.unique())
        .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('app_name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('system_prompt', 'text', (c) => c.notNull())
        .addColumn('mannul_model', 'text')
        .addColumn('app_url', 'text')
        .addColumn('assistant_url', 'text')
        .addColumn('question1', 'text', (c) => c.notNull())
        .addColumn('question2', 'text', (c) => c.notNull())
        .addColumn('question3', 'text', (c) => c.notNull())
        .addColumn('question4', 'text', (c) => c.notNull())
        .addColumn('hong_scene', 'text')
        .addColumn('image_url_your', 'text')
        .addColumn('image_url_parteners', 'text')
        .addColumn('is_custom', 'integer', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull())
        .addColumn('kind1', 'text', (c) => c.notNull())
        // JSON array of extension names.
        .addColumn('mcps', 'text', (c) => c.notNull())
        .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        // Built-in apps: the English texts (international edition), the seed last applied, and whether ops changed the row.
        .addColumn('en_app_name', 'text')
        .addColumn('en_description', 'text')
        .addColumn('en_questions', 'text')
        .addColumn('seed_hash', 'text')
        .addColumn('ops_edited', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('deleted_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('agents_owner').on('agents').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('agents_public').on('agents').columns(['is_public', 'uses']).execute();

      await db.schema
        .createTable('agent_favourites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('app_name', 'text', (c) => c.notNull())
        .addColumn('coment', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('agent_favourites_user_code', ['user_id', 'code'])
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('agent_favourites').execute();
      await db.schema.dropTable('agents').execute();
    },
  };
}
