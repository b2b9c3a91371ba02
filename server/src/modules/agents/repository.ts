import { sql, type ExpressionBuilder, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { AgentCategoryKey } from '@qiming/contracts';
import type { AgentFavouriteTable, AgentTable, Database } from '../../db/schema.js';

export type AgentRow = Selectable<AgentTable>;
export type FavouriteRow = Selectable<AgentFavouriteTable>;

/** What a list shows: which agents, and one page of them. */
export interface AgentListQuery {
  offset: number;
  limit: number;
  /** Public agents anyone can see (the square); false with `ownerId`: the owner's agents. */
  publicOnly?: boolean;
  ownerId?: string;
  builtInOnly?: boolean;
  /** Only agents carrying extensions (plug-ins). */
  withExtensions?: boolean;
  kind1?: AgentCategoryKey;
  /** Matched in name and description, case-insensitive; `english`: a built-in app's English texts instead. */
  keyWord?: { text: string; english: boolean };
  order: 'mostUsed' | 'newest';
}

type AgentsEb = ExpressionBuilder<Database, 'agents'>;

/** LIKE '%…%' of a text taken literally: its %, _ and \ escaped (ESCAPE '\'), lower-cased like the column. */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** In use: not deleted and not hidden by ops. */
const live = (eb: AgentsEb) => eb.and([eb('deleted_at', 'is', null), eb('hidden', '=', 0)]);

/** SQL of agents and favourites; the same queries on SQLite and PostgreSQL. */
export class AgentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether an agent in use (not deleted) shows the image at `url`. */
  async imageInUse(url: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('agents')
      .select('id')
      .where('deleted_at', 'is', null)
      .where((eb) => eb.or([eb('app_url', '=', url), eb('assistant_url', '=', url), eb('image_url_your', '=', url), eb('image_url_parteners', '=', url)]))
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(row: Insertable<AgentTable>): Promise<void> {
    await this.db.insertInto('agents').values(row).execute();
  }

  async update(id: string, fields: Updateable<AgentTable>): Promise<void> {
    await this.db.updateTable('agents').set(fields).where('id', '=', id).execute();
  }

  findByCode(code: string): Promise<AgentRow | undefined> {
    return this.db.selectFrom('agents').selectAll().where('code', '=', code).executeTakeFirst();
  }

  findById(id: string): Promise<AgentRow | undefined> {
    return this.db.selectFrom('agents').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBySlug(slug: string): Promise<AgentRow | undefined> {
    return this.db.selectFrom('agents').selectAll().where('slug', '=', slug).executeTakeFirst();
  }

  /** Every built-in app, hidden ones too, by slug. */
  builtIns(): Promise<AgentRow[]> {
    return this.db.selectFrom('agents').selectAll().where('slug', 'is not', null).orderBy('slug').execute();
  }

  async countOwned(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('agents')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async list(query: AgentListQuery): Promise<{ rows: AgentRow[]; total: number }> {
    const filtered = this.db.selectFrom('agents').where((eb) => {
      const conditions = [live(eb)];
      if (query.publicOnly) conditions.push(eb('is_public', '=', 1));
      if (query.ownerId) conditions.push(eb('user_id', '=', query.ownerId));
      if (query.builtInOnly) conditions.push(eb('is_custom', '=', 0));
      if (query.withExtensions) conditions.push(eb('mcps', '<>', '[]'));
      if (query.kind1) conditions.push(eb('kind1', '=', query.kind1));
      if (query.keyWord) {
        const pattern = containsPattern(query.keyWord.text);
        const [name, description] = query.keyWord.english
          ? [sql`coalesce(en_app_name, app_name)`, sql`coalesce(en_description, description)`]
          : [sql.ref('app_name'), sql.ref('description')];
        conditions.push(eb.or([sql<boolean>`lower(${name}) like ${pattern} escape '\\'`, sql<boolean>`lower(${description}) like ${pattern} escape '\\'`]));
      }
      return eb.and(conditions);
    });
    const counted = await filtered.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow();
    let rows = filtered.selectAll();
    rows = query.order === 'mostUsed' ? rows.orderBy('uses', 'desc').orderBy('created_at', 'desc') : rows.orderBy('created_at', 'desc');
    return { rows: await rows.orderBy('id').offset(query.offset).limit(query.limit).execute(), total: Number(counted.count) };
  }

  /** Public agents in use per category. */
  async publicCountsByCategory(): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('agents')
      .select(['kind1', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where((eb) => eb.and([live(eb), eb('is_public', '=', 1)]))
      .groupBy('kind1')
      .execute();
    return new Map(rows.map((row) => [row.kind1, Number(row.count)]));
  }

  async incrementUses(code: string): Promise<void> {
    await this.db
      .updateTable('agents')
      .set((eb) => ({ uses: eb('uses', '+', 1) }))
      .where('code', '=', code)
      .execute();
  }

  /** Display names of users by id. */
  async usernames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'username']).where('id', 'in', [...new Set(ids)]).execute();
    return new Map(rows.map((row) => [row.id, row.username]));
  }

  // ---- favourites -------------------------------------------------------------------------------

  /** Saves or renames the favourite (one row per user and code). */
  async upsertFavourite(row: FavouriteRow): Promise<FavouriteRow> {
    await this.db
      .insertInto('agent_favourites')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'code']).doUpdateSet({ app_name: row.app_name, coment: row.coment, updated_at: row.updated_at }))
      .execute();
    return this.db.selectFrom('agent_favourites').selectAll().where('user_id', '=', row.user_id).where('code', '=', row.code).executeTakeFirstOrThrow();
  }

  async deleteFavourite(userId: string, code: string): Promise<void> {
    await this.db.deleteFrom('agent_favourites').where('user_id', '=', userId).where('code', '=', code).execute();
  }

  async favourites(userId: string, offset: number, limit: number): Promise<{ rows: FavouriteRow[]; total: number }> {
    const counted = await this.db
      .selectFrom('agent_favourites')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('agent_favourites')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .offset(offset)
      .limit(limit)
      .execute();
    return { rows, total: Number(counted.count) };
  }

  /** Which of these codes the user has in favourites. */
  async favouriteCodes(userId: string, codes: readonly string[]): Promise<Set<string>> {
    if (codes.length === 0) return new Set();
    const rows = await this.db.selectFrom('agent_favourites').select('code').where('user_id', '=', userId).where('code', 'in', [...codes]).execute();
    return new Set(rows.map((row) => row.code));
  }

  /** The agents behind these codes (deleted or hidden ones too: the caller decides what it may show). */
  async byCodes(codes: readonly string[]): Promise<AgentRow[]> {
    if (codes.length === 0) return [];
    return this.db.selectFrom('agents').selectAll().where('code', 'in', [...new Set(codes)]).execute();
  }
}
