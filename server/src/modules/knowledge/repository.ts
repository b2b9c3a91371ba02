import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, KnowledgeBaseTable, KnowledgeChunkTable, KnowledgeItemTable, KnowledgeVectorTable } from '../../db/schema.js';

export type BaseRow = Selectable<KnowledgeBaseTable>;
export type ItemRow = Selectable<KnowledgeItemTable>;
export type ChunkRow = Selectable<KnowledgeChunkTable>;

/** A base with its owner's name and its totals, for the views. */
export interface BaseWithStats extends BaseRow {
  author: string;
  document_count: number;
  chunk_count: number;
  size_bytes: number;
}

export interface ChunkWithDocument extends ChunkRow {
  document_name: string;
}

/** Who may see a base: the owner, and everyone when it is public. */
export type BaseFilter = { ownerId: string } | { publicExcept?: string; keyWord?: string } | { visibleTo: string };

/** SQL of the knowledge module, the same on both databases (the full-text search is retrieval/searchIndex.ts). */
export class KnowledgeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertBase(row: BaseRow): Promise<void> {
    await this.db.insertInto('knowledge_bases').values(row).execute();
  }

  async updateBase(id: string, fields: Partial<Pick<BaseRow, 'title' | 'remark' | 'is_public' | 'updated_at'>>): Promise<void> {
    await this.db.updateTable('knowledge_bases').set(fields).where('id', '=', id).execute();
  }

  /** Its documents and passages go with it (cascade; on SQLite the FTS rows by trigger). */
  async deleteBase(id: string): Promise<void> {
    await this.db.deleteFrom('knowledge_bases').where('id', '=', id).execute();
  }

  base(id: string): Promise<BaseRow | undefined> {
    return this.db.selectFrom('knowledge_bases').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async bases(filter: BaseFilter, page?: { offset: number; limit: number }): Promise<BaseWithStats[]> {
    let query = this.db
      .selectFrom('knowledge_bases as b')
      .leftJoin('users as u', 'u.id', 'b.user_id')
      .selectAll('b')
      .select((eb) => [
        eb.fn.coalesce('u.username', sql<string>`''`).as('author'),
        eb.selectFrom('knowledge_items as i').whereRef('i.knowledge_id', '=', 'b.id').select((e) => e.fn.countAll<number>().as('n')).as('document_count'),
        eb.selectFrom('knowledge_items as i').whereRef('i.knowledge_id', '=', 'b.id').select((e) => e.fn.coalesce(e.fn.sum<number>('i.chunk_count'), sql<number>`0`).as('n')).as('chunk_count'),
        eb.selectFrom('knowledge_items as i').whereRef('i.knowledge_id', '=', 'b.id').select((e) => e.fn.coalesce(e.fn.sum<number>('i.size'), sql<number>`0`).as('n')).as('size_bytes'),
      ]);
    // A document chat's hidden index (kind 'document') is never listed.
    query = query.where('b.kind', '=', 'base');
    if ('ownerId' in filter) query = query.where('b.user_id', '=', filter.ownerId);
    else if ('visibleTo' in filter) query = query.where((eb) => eb.or([eb('b.user_id', '=', filter.visibleTo), eb('b.is_public', '=', 1)]));
    else {
      query = query.where('b.is_public', '=', 1);
      if (filter.publicExcept) query = query.where('b.user_id', '!=', filter.publicExcept);
      if (filter.keyWord) {
        const pattern = `%${filter.keyWord.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) => eb.or([eb('b.title', 'like', sql<string>`${pattern} ESCAPE '\\'`), eb('b.remark', 'like', sql<string>`${pattern} ESCAPE '\\'`)]));
      }
    }
    query = query.orderBy('b.created_at', 'desc').orderBy('b.id');
    if (page) query = query.offset(page.offset).limit(page.limit);
    const rows = await query.execute();
    return rows.map((row) => ({ ...row, author: row.author ?? '', document_count: Number(row.document_count ?? 0), chunk_count: Number(row.chunk_count ?? 0), size_bytes: Number(row.size_bytes ?? 0) }));
  }

  async countBases(userId: string): Promise<number> {
    const row = await this.db.selectFrom('knowledge_bases').where('user_id', '=', userId).where('kind', '=', 'base').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async countItems(knowledgeId: string): Promise<number> {
    const row = await this.db.selectFrom('knowledge_items').where('knowledge_id', '=', knowledgeId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Bytes of every document the user holds, over all their bases (document chats' indexes have their own limit). */
  async userBytes(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('knowledge_items')
      .where('user_id', '=', userId)
      .where('knowledge_id', 'in', (eb) => eb.selectFrom('knowledge_bases').select('id').where('user_id', '=', userId).where('kind', '=', 'base'))
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), sql<number>`0`).as('n')).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A base and its documents in one transaction (a document chat's index). */
  async insertDocumentIndex(base: BaseRow, item: Insertable<KnowledgeItemTable>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('knowledge_bases').values(base).execute();
      await tx.insertInto('knowledge_items').values(item).execute();
    });
  }

  itemsOfBases(knowledgeIds: readonly string[]): Promise<ItemRow[]> {
    if (knowledgeIds.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('knowledge_items').selectAll().where('knowledge_id', 'in', [...knowledgeIds]).execute();
  }

  async insertItems(rows: Insertable<KnowledgeItemTable>[]): Promise<void> {
    if (rows.length) await this.db.insertInto('knowledge_items').values(rows).execute();
  }

  items(knowledgeId: string): Promise<ItemRow[]> {
    return this.db.selectFrom('knowledge_items').selectAll().where('knowledge_id', '=', knowledgeId).orderBy('created_at', 'desc').orderBy('id').execute();
  }

  item(id: string): Promise<ItemRow | undefined> {
    return this.db.selectFrom('knowledge_items').selectAll().where('id', '=', id).executeTakeFirst();
  }

  itemsByIds(ids: readonly string[]): Promise<ItemRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('knowledge_items').selectAll().where('id', 'in', [...ids]).execute();
  }

  async deleteItems(ids: readonly string[]): Promise<void> {
    if (ids.length) await this.db.deleteFrom('knowledge_items').where('id', 'in', [...ids]).execute();
  }

  /** Back to 排队中 with no passages; a worker still parsing it loses its claim and its result. */
  async requeue(id: string, at: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('knowledge_chunks').where('item_id', '=', id).execute();
      await tx.updateTable('knowledge_items').set({ status: 'queued', error: null, chunk_count: 0, attempts: 0, claimed_by: null, heartbeat_at: null, updated_at: at }).where('id', '=', id).execute();
    });
  }

  /** The oldest queued document, now 解析中 for this instance; never two instances on one (the update is guarded by the status). */
  async claimNext(instanceId: string, at: string): Promise<ItemRow | undefined> {
    for (let tries = 0; tries < 5; tries++) {
      const next = await this.db.selectFrom('knowledge_items').select('id').where('status', '=', 'queued').orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
      if (!next) return undefined;
      const claimed = await this.db
        .updateTable('knowledge_items')
        .set((eb) => ({ status: 'parsing', claimed_by: instanceId, heartbeat_at: at, updated_at: at, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', next.id)
        .where('status', '=', 'queued')
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 1) return this.item(next.id);
    }
    return undefined;
  }

  async beat(ids: readonly string[], instanceId: string, at: string): Promise<void> {
    if (ids.length) await this.db.updateTable('knowledge_items').set({ heartbeat_at: at }).where('id', 'in', [...ids]).where('claimed_by', '=', instanceId).where('status', '=', 'parsing').execute();
  }

  /** Documents 解析中 that nobody is finishing: silent since `cutoff`, or claimed by this instance in a previous life. */
  orphaned(cutoff: string, instanceId: string): Promise<ItemRow[]> {
    return this.db
      .selectFrom('knowledge_items')
      .selectAll()
      .where('status', '=', 'parsing')
      .where((eb) => eb.or([eb('heartbeat_at', '<', cutoff), eb('claimed_by', '=', instanceId)]))
      .execute();
  }

  /** Back in the queue (or 失败 when it has used its attempts), guarded by the claim seen. */
  async release(item: Pick<ItemRow, 'id' | 'claimed_by' | 'heartbeat_at'>, outcome: { status: 'queued' } | { status: 'failed'; error: string }, at: string): Promise<boolean> {
    let query = this.db
      .updateTable('knowledge_items')
      .set({ status: outcome.status, error: outcome.status === 'failed' ? outcome.error : null, claimed_by: null, heartbeat_at: null, updated_at: at })
      .where('id', '=', item.id)
      .where('status', '=', 'parsing');
    query = item.claimed_by === null ? query.where('claimed_by', 'is', null) : query.where('claimed_by', '=', item.claimed_by);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** The passages replace any earlier ones and the document shows 已完成, only while this instance still holds the claim. */
  async finish(itemId: string, instanceId: string, chunks: Insertable<KnowledgeChunkTable>[], at: string, vectors: Insertable<KnowledgeVectorTable>[] = []): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const done = await tx
        .updateTable('knowledge_items')
        .set({ status: 'done', error: null, chunk_count: chunks.length, claimed_by: null, heartbeat_at: null, updated_at: at })
        .where('id', '=', itemId)
        .where('status', '=', 'parsing')
        .where('claimed_by', '=', instanceId)
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) return false;
      await tx.deleteFrom('knowledge_chunks').where('item_id', '=', itemId).execute();
      for (let i = 0; i < chunks.length; i += 200) await tx.insertInto('knowledge_chunks').values(chunks.slice(i, i + 200)).execute();
      for (let i = 0; i < vectors.length; i += 200) await tx.insertInto('knowledge_vectors').values(vectors.slice(i, i + 200)).execute();
      return true;
    });
  }

  async fail(itemId: string, instanceId: string, error: string, at: string): Promise<void> {
    await this.db.updateTable('knowledge_items').set({ status: 'failed', error, claimed_by: null, heartbeat_at: null, updated_at: at }).where('id', '=', itemId).where('claimed_by', '=', instanceId).where('status', '=', 'parsing').execute();
  }

  chunksOf(itemId: string, offset: number, limit: number): Promise<ChunkRow[]> {
    return this.db.selectFrom('knowledge_chunks').selectAll().where('item_id', '=', itemId).orderBy('seq').offset(offset).limit(limit).execute();
  }

  async countChunks(where: { itemId: string } | { knowledgeId: string }): Promise<number> {
    const query = this.db.selectFrom('knowledge_chunks').select((eb) => eb.fn.countAll<number>().as('n'));
    const row = await ('itemId' in where ? query.where('item_id', '=', where.itemId) : query.where('knowledge_id', '=', where.knowledgeId)).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  chunksByIds(ids: readonly string[]): Promise<ChunkWithDocument[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('knowledge_chunks as c').innerJoin('knowledge_items as i', 'i.id', 'c.item_id').selectAll('c').select('i.name as document_name').where('c.id', 'in', [...ids]).execute();
  }
}
