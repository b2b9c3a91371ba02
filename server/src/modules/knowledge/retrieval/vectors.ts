import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** Float32 values as the bytes stored in knowledge_vectors.vector (and back). */
export const vectorBytes = (vector: Float32Array): Buffer => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
export const vectorOf = (bytes: Uint8Array): Float32Array => new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));

interface BaseVectors {
  /** Changes whenever the base's vectors do (their count and newest time). */
  stamp: string;
  ids: string[];
  /** ids.length vectors of `dimensions` values, one after the other. */
  values: Float32Array;
  dimensions: number;
}

/** Bases whose vectors are kept in memory, the least recently searched dropped first. */
const CACHED_BASES = 32;

/**
 * Nearest passages by cosine (vectors are unit length: a dot product), scored in process over the
 * base's vectors, which are read once and kept while they do not change (README "Embeddings" says
 * why not pgvector).
 */
export class VectorIndex {
  private readonly cache = new Map<string, BaseVectors>();

  constructor(private readonly db: Kysely<Database>) {}

  async search(knowledgeId: string, model: string, query: Float32Array, limit: number): Promise<Array<{ chunkId: string; score: number }>> {
    const base = await this.vectorsOf(knowledgeId, model);
    if (base.ids.length === 0 || base.dimensions !== query.length) return [];
    const scores = new Float32Array(base.ids.length);
    for (let row = 0; row < base.ids.length; row++) {
      let dot = 0;
      const offset = row * base.dimensions;
      for (let i = 0; i < base.dimensions; i++) dot += base.values[offset + i]! * query[i]!;
      scores[row] = dot;
    }
    const order = Array.from(scores.keys()).sort((a, b) => scores[b]! - scores[a]!);
    return order.slice(0, limit).map((row) => ({ chunkId: base.ids[row]!, score: scores[row]! }));
  }

  private async vectorsOf(knowledgeId: string, model: string): Promise<BaseVectors> {
    const key = `${knowledgeId}\u0000${model}`;
    const stampRow = await this.db
      .selectFrom('knowledge_vectors')
      .where('knowledge_id', '=', knowledgeId)
      .where('model', '=', model)
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('created_at').as('newest')])
      .executeTakeFirstOrThrow();
    const stamp = `${stampRow.n}/${stampRow.newest ?? ''}`;
    const cached = this.cache.get(key);
    if (cached?.stamp === stamp) {
      this.cache.delete(key);
      this.cache.set(key, cached);
      return cached;
    }
    const rows = await this.db.selectFrom('knowledge_vectors').select(['chunk_id', 'vector']).where('knowledge_id', '=', knowledgeId).where('model', '=', model).execute();
    const dimensions = rows[0] ? rows[0].vector.byteLength / 4 : 0;
    const usable = rows.filter((row) => row.vector.byteLength === dimensions * 4);
    const values = new Float32Array(usable.length * dimensions);
    usable.forEach((row, index) => values.set(vectorOf(row.vector), index * dimensions));
    const loaded = { stamp, ids: usable.map((row) => row.chunk_id), values, dimensions };
    this.cache.set(key, loaded);
    if (this.cache.size > CACHED_BASES) this.cache.delete(this.cache.keys().next().value!);
    return loaded;
  }
}
