import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { DialectName } from '../database.js';

/**
 * Extensions (server/src/modules/extensions/README.md): the MCP servers ops configure, built-ins
 * included. Headers and environment of a server hold the names of the variables with the secrets,
 * never the secrets.
 */
export function mcpServers(dialect: DialectName): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('mcp_servers')
        .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('mcp_name', 'text', (c) => c.notNull().unique())
        .addColumn('show_name', 'text', (c) => c.notNull())
        .addColumn('show_desc', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('img_url', 'text', (c) => c.notNull())
        .addColumn('transport', 'text', (c) => c.notNull())
        .addColumn('url', 'text')
        .addColumn('command', 'text')
        .addColumn('args', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('headers', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('env', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('timeout_seconds', 'double precision', (c) => c.notNull().defaultTo(30))
        .addColumn('price_per_call', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('seed_hash', 'text')
        .addColumn('ops_edited', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the schema types apply
    async down(db: Kysely<any>) {
      await db.schema.dropTable('mcp_servers').execute();
    },
  };
}
