import type { Kysely, Selectable } from 'kysely';
import type { ApiKeyTable, Database } from '../../db/schema.js';

export type ApiKeyRow = Selectable<ApiKeyTable>;

/** SQL of API keys; every query but the key lookup is scoped to its owner. */
export class ApiKeysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(userId: string): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id').execute();
  }

  get(userId: string, id: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  }

  async count(userId: string): Promise<number> {
    const row = await this.db.selectFrom('api_keys').select((eb) => eb.fn.countAll<number | string>().as('count')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  async update(userId: string, id: string, change: Partial<Pick<ApiKeyRow, 'name' | 'enabled'>>): Promise<void> {
    await this.db.updateTable('api_keys').set(change).where('user_id', '=', userId).where('id', '=', id).execute();
  }

  /** false when the user has no such key. */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('api_keys').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  byHash(keyHash: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('key_hash', '=', keyHash).executeTakeFirst();
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
