import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DeployTokenTable } from '../../db/schema.js';

export type DeployTokenRow = Selectable<DeployTokenTable>;

/** SQL of the deploy tokens; the same queries on SQLite and PostgreSQL. */
export class DeployTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<DeployTokenTable>): Promise<void> {
    await this.db.insertInto('deploy_tokens').values(row).execute();
  }

  byName(name: string): Promise<DeployTokenRow | undefined> {
    return this.db.selectFrom('deploy_tokens').selectAll().where('name', '=', name).executeTakeFirst();
  }

  byHash(hash: string): Promise<DeployTokenRow | undefined> {
    return this.db.selectFrom('deploy_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  }

  all(): Promise<DeployTokenRow[]> {
    return this.db.selectFrom('deploy_tokens').selectAll().orderBy('created_at').orderBy('name').execute();
  }

  async update(name: string, change: Partial<Pick<DeployTokenRow, 'last_used_at' | 'revoked_at'>>): Promise<void> {
    await this.db.updateTable('deploy_tokens').set(change).where('name', '=', name).execute();
  }

  /** A token made or revoked goes into its area's history (by `cli`: tokens are only made on the server). */
  async recordInHistory(area: string, detail: { token: string; action: 'create' | 'revoke'; rights: string; expiresAt: string | null }, at: string): Promise<void> {
    await this.db.insertInto('remote_events').values({ area, kind: 'token', version: null, detail: JSON.stringify(detail), actor: 'cli', created_at: at }).execute();
  }
}
