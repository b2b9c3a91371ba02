import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database, McpServerTable } from '../../db/schema.js';

export type McpServerRow = Selectable<McpServerTable>;
export type NewMcpServerRow = Insertable<McpServerTable>;
export type McpServerChanges = Updateable<McpServerTable>;

/** SQL of the configured MCP servers; the same on SQLite and PostgreSQL. */
export class ExtensionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every server, disabled ones too, in the dialog's order. */
  all(): Promise<McpServerRow[]> {
    return this.db.selectFrom('mcp_servers').selectAll().orderBy('sort').orderBy('mcp_name').execute();
  }

  enabled(): Promise<McpServerRow[]> {
    return this.db.selectFrom('mcp_servers').selectAll().where('enabled', '=', 1).orderBy('sort').orderBy('mcp_name').execute();
  }

  /** The rows of these names (disabled ones too: the caller says why one cannot be used). One query. */
  byNames(names: readonly string[]): Promise<McpServerRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('mcp_servers').selectAll().where('mcp_name', 'in', [...new Set(names)]).execute();
  }

  byName(name: string): Promise<McpServerRow | undefined> {
    return this.db.selectFrom('mcp_servers').selectAll().where('mcp_name', '=', name).executeTakeFirst();
  }

  async insert(row: NewMcpServerRow): Promise<void> {
    await this.db.insertInto('mcp_servers').values(row).execute();
  }

  async update(name: string, changes: McpServerChanges): Promise<void> {
    await this.db.updateTable('mcp_servers').set(changes).where('mcp_name', '=', name).execute();
  }

  async remove(name: string): Promise<void> {
    await this.db.deleteFrom('mcp_servers').where('mcp_name', '=', name).execute();
  }

  async nextSort(): Promise<number> {
    const row = await this.db
      .selectFrom('mcp_servers')
      .select((eb) => eb.fn.max('sort').as('sort'))
      .executeTakeFirst();
    return Number(row?.sort ?? 0) + 10;
  }
}
