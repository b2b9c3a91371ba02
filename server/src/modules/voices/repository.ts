import type { Kysely, Selectable } from 'kysely';
import type { Database, VoiceSampleTable, VoiceTable } from '../../db/schema.js';
import type { DialectName } from '../../db/database.js';

export type SampleRow = Selectable<VoiceSampleTable>;
export type VoiceRow = Selectable<VoiceTable>;
export type NewVoice = Omit<VoiceRow, 'status' | 'progress' | 'error' | 'claimed_by' | 'heartbeat_at' | 'started_at' | 'finished_at' | 'provider_voice_id' | 'provider_state' | 'reference_key'>;

/** What a finished clone writes. */
export interface ClonedFields {
  providerVoiceId: string | null;
  providerState: unknown;
  referenceKey: string | null;
}

/** SQL of samples and voices; the same queries on SQLite and PostgreSQL. */
export class VoicesRepository {
  constructor(
    readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  // Samples.

  /** Writes the sample unless the user already keeps `max` (counted in the same transaction, serialised per user). */
  async insertSample(row: SampleRow, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().execute();
      const { n } = await trx.selectFrom('voice_samples').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', row.user_id).executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await trx.insertInto('voice_samples').values(row).execute();
      return true;
    });
  }

  sample(id: string): Promise<SampleRow | undefined> {
    return this.db.selectFrom('voice_samples').selectAll().where('id', '=', id).executeTakeFirst();
  }

  samplesOf(userId: string): Promise<SampleRow[]> {
    return this.db.selectFrom('voice_samples').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** Ids of the samples (of those given) that a voice uses. */
  async samplesInUse(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('voices').select('sample_id').where('sample_id', 'in', ids).execute();
    return new Set(rows.map((row) => row.sample_id!));
  }

  /** Deletes the user's sample if no voice uses it; its storage key, 'inUse', or null when it is not theirs. */
  async deleteUnusedSample(userId: string, id: string): Promise<string | 'inUse' | null> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('voice_samples').select('storage_key').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      if (!row) return null;
      if (await trx.selectFrom('voices').select('id').where('sample_id', '=', id).executeTakeFirst()) return 'inUse';
      await trx.deleteFrom('voice_samples').where('id', '=', id).execute();
      return row.storage_key;
    });
  }

  // Voices.

  /** Writes the queued voice unless the user already keeps `max` voices (serialised per user like samples). */
  async insertVoice(row: NewVoice, max: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') await trx.selectFrom('users').select('id').where('id', '=', row.user_id).forUpdate().execute();
      const { n } = await trx.selectFrom('voices').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', row.user_id).executeTakeFirstOrThrow();
      if (Number(n) >= max) return false;
      await trx.insertInto('voices').values({ ...row, status: 'queued' }).execute();
      return true;
    });
  }

  voice(id: string): Promise<VoiceRow | undefined> {
    return this.db.selectFrom('voices').selectAll().where('id', '=', id).executeTakeFirst();
  }

  voicesOf(userId: string): Promise<VoiceRow[]> {
    return this.db.selectFrom('voices').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  /** Marks a running clone of this instance succeeded; false when it is no longer this instance's. */
  async finishSucceeded(id: string, instanceId: string, fields: ClonedFields, at: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('voices')
      .set({
        status: 'succeeded',
        progress: 100,
        provider_voice_id: fields.providerVoiceId,
        provider_state: fields.providerState === null || fields.providerState === undefined ? null : JSON.stringify(fields.providerState),
        reference_key: fields.referenceKey,
        finished_at: at,
      })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('claimed_by', '=', instanceId)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  async setCharged(id: string, points: number): Promise<void> {
    await this.db.updateTable('voices').set({ points }).where('id', '=', id).execute();
  }

  /**
   * Deletes the user's finished voice, and its sample when no other voice uses it; answers the
   * deleted rows (for their files), or null when the voice is not theirs or still being cloned.
   */
  async deleteFinished(userId: string, id: string): Promise<{ voice: VoiceRow; sample: SampleRow | null } | null> {
    return this.db.transaction().execute(async (trx) => {
      const voice = await trx.selectFrom('voices').selectAll().where('id', '=', id).where('user_id', '=', userId).where('status', 'in', ['succeeded', 'failed']).executeTakeFirst();
      if (!voice) return null;
      await trx.deleteFrom('voices').where('id', '=', id).execute();
      let sample: SampleRow | null = null;
      if (voice.sample_id) {
        const others = await trx.selectFrom('voices').select('id').where('sample_id', '=', voice.sample_id).executeTakeFirst();
        if (!others) {
          sample = (await trx.selectFrom('voice_samples').selectAll().where('id', '=', voice.sample_id).executeTakeFirst()) ?? null;
          if (sample) await trx.deleteFrom('voice_samples').where('id', '=', sample.id).execute();
        }
      }
      return { voice, sample };
    });
  }
}
