import type { Kysely, Selectable } from 'kysely';
import type { CdkeyBatchTable, CdkeyTable, Database } from '../../db/schema.js';

export type CdkeyBatchRow = Selectable<CdkeyBatchTable>;
export type CdkeyRow = Selectable<CdkeyTable>;

export interface CdkeyWithBatch extends CdkeyRow {
  points: number;
  plan_tier: number | null;
  plan_days: number | null;
}

export interface BatchSummary extends CdkeyBatchRow {
  used: number;
}

/** SQL of redemption code batches and codes. */
export class CdkeysRepository {
  constructor(readonly db: Kysely<Database>) {}

  async insertBatch(batch: CdkeyBatchRow, codes: CdkeyRow[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('cdkey_batches').values(batch).execute();
      for (let i = 0; i < codes.length; i += 500) await trx.insertInto('cdkeys').values(codes.slice(i, i + 500)).execute();
    });
  }

  /** Marks the code used by the user — only while it is unused and unexpired. False otherwise. */
  async take(trx: Kysely<Database>, codeHash: string, userId: string, at: string): Promise<boolean> {
    const result = await trx
      .updateTable('cdkeys')
      .set({ used_by: userId, used_at: at })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]))
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  async byHash(ex: Kysely<Database>, codeHash: string): Promise<CdkeyWithBatch | undefined> {
    const row = await ex
      .selectFrom('cdkeys')
      .innerJoin('cdkey_batches', 'cdkey_batches.id', 'cdkeys.batch_id')
      .selectAll('cdkeys')
      .select(['cdkey_batches.points', 'cdkey_batches.plan_tier', 'cdkey_batches.plan_days'])
      .where('cdkeys.code_hash', '=', codeHash)
      .executeTakeFirst();
    return row && { ...row, points: Number(row.points) };
  }

  async batches(): Promise<BatchSummary[]> {
    const rows = await this.db
      .selectFrom('cdkey_batches')
      .leftJoin('cdkeys', (join) => join.onRef('cdkeys.batch_id', '=', 'cdkey_batches.id').on('cdkeys.used_at', 'is not', null))
      .selectAll('cdkey_batches')
      .select((eb) => eb.fn.count<number | string>('cdkeys.code_hash').as('used'))
      .groupBy(['cdkey_batches.id', 'cdkey_batches.points', 'cdkey_batches.plan_tier', 'cdkey_batches.plan_days', 'cdkey_batches.count', 'cdkey_batches.expires_at', 'cdkey_batches.note', 'cdkey_batches.created_at'])
      .orderBy('cdkey_batches.created_at', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, points: Number(r.points), used: Number(r.used) }));
  }

  async batch(id: string): Promise<CdkeyBatchRow | undefined> {
    return this.db.selectFrom('cdkey_batches').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async codes(batchId: string): Promise<Array<CdkeyRow & { username: string | null }>> {
    return this.db
      .selectFrom('cdkeys')
      .leftJoin('users', 'users.id', 'cdkeys.used_by')
      .selectAll('cdkeys')
      .select('users.username')
      .where('cdkeys.batch_id', '=', batchId)
      .orderBy('cdkeys.last4')
      .execute();
  }
}
