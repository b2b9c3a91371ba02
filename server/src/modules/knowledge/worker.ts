import { randomUUID } from 'node:crypto';
import type { Log } from '../../log.js';
import { startPeriodicTask, type PeriodicTask } from '../../periodicTask.js';
import { chunkDocument } from './chunker.js';
import { INGEST_MESSAGES } from './codes.js';
import type { ItemRow, KnowledgeRepository } from './repository.js';
import { EmbeddingError, type Embedder } from './retrieval/embeddings.js';
import { searchTerms } from './retrieval/segment.js';
import { vectorBytes } from './retrieval/vectors.js';
import type { KnowledgeUploads } from './service.js';

export interface IngestWorkerOptions {
  repo: KnowledgeRepository;
  uploads: KnowledgeUploads;
  instanceId: string;
  /** Documents ingested at once; 0 ingests none (recovery still sweeps). */
  concurrency: number;
  heartbeatMs: number;
  /** A document 解析中 silent this long belongs to a dead instance: back to the queue. */
  deadAfterMs: number;
  pollMs: number;
  /** Claims a document may take before it is failed (one that kills its worker every time). */
  maxAttempts: number;
  /** Embeds every passage when an embeddings endpoint is configured. */
  embedder: Embedder | null;
  now: () => Date;
  log: Log;
}

export const INGEST_TIMING = { heartbeatMs: 5_000, deadAfterMs: 60_000, pollMs: 2_000, maxAttempts: 3 };

/** Why a document failed: the text its owner reads. */
class IngestFailure extends Error {}

/**
 * Ingests documents on this instance (README "Ingestion"): claims the oldest queued one with a
 * guarded update, reads its upload's text, cleans and chunks it, segments every passage and writes
 * passages and index entries in one transaction that also marks it 已完成 — only while this
 * instance still holds the claim. A document 解析中 on a dead instance (silent heartbeat) or on this
 * instance's previous life goes back to the queue: ingestion starts over, so a crash mid-document
 * leaves nothing half written.
 */
export class IngestWorker {
  private readonly running = new Map<string, Promise<void>>();
  private periodic: PeriodicTask[] = [];
  private filling: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: IngestWorkerOptions) {}

  async start(): Promise<void> {
    await this.recover();
    const { heartbeatMs, pollMs, log } = this.options;
    this.periodic = [
      startPeriodicTask('knowledge ingestion heartbeat', () => this.beat(), heartbeatMs, log),
      startPeriodicTask('knowledge ingestion recovery', () => this.recover(), heartbeatMs, log),
      startPeriodicTask('knowledge ingestion queue', () => this.fill(), pollMs, log),
    ];
    this.wake();
  }

  wake(): void {
    if (this.closed) return;
    void this.fill().catch((error: Error) => this.options.log.warn({ err: error }, 'claiming knowledge documents failed'));
  }

  /** Stops claiming and waits for the documents being ingested. */
  async close(): Promise<void> {
    this.closed = true;
    const periodic = this.periodic;
    this.periodic = [];
    await Promise.all(periodic.map((task) => task.stop()));
    await this.filling?.catch(() => undefined);
    await Promise.all(this.running.values());
  }

  /** Resolves once nothing is queued or being ingested here (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.filling) {
      await Promise.all([...this.running.values(), this.filling]);
      await this.fill();
    }
  }

  fill(): Promise<void> {
    if (this.filling) return this.filling;
    const filling = this.claimWhileRoom().finally(() => {
      if (this.filling === filling) this.filling = null;
    });
    this.filling = filling;
    return filling;
  }

  private async claimWhileRoom(): Promise<void> {
    while (!this.closed && this.running.size < this.options.concurrency) {
      const item = await this.options.repo.claimNext(this.options.instanceId, this.iso());
      if (!item) return;
      const done = this.run(item)
        .catch((error: Error) => this.options.log.error({ err: error, itemId: item.id }, 'knowledge ingestion bookkeeping failed'))
        .finally(() => {
          this.running.delete(item.id);
          this.wake();
        });
      this.running.set(item.id, done);
    }
  }

  private async beat(): Promise<void> {
    await this.options.repo.beat([...this.running.keys()], this.options.instanceId, this.iso());
  }

  /** Puts back in the queue what nobody is finishing (or fails it after its attempts); answers how many. */
  async recover(): Promise<number> {
    const { repo, instanceId, deadAfterMs, maxAttempts } = this.options;
    const cutoff = new Date(this.options.now().getTime() - deadAfterMs).toISOString();
    let recovered = 0;
    for (const item of await repo.orphaned(cutoff, instanceId)) {
      if (this.running.has(item.id)) continue;
      const outcome = item.attempts >= maxAttempts ? ({ status: 'failed', error: INGEST_MESSAGES.tooManyAttempts } as const) : ({ status: 'queued' } as const);
      if (await repo.release(item, outcome, this.iso())) recovered++;
    }
    if (recovered) this.options.log.info(`recovered ${recovered} interrupted knowledge documents`);
    return recovered;
  }

  private async run(item: ItemRow): Promise<void> {
    try {
      const [upload] = await this.options.uploads.ownedUploads(item.user_id, [item.upload_id]);
      if (!upload) throw new IngestFailure(INGEST_MESSAGES.uploadGone);
      const chunks = chunkDocument(upload.text);
      if (chunks.length === 0) throw new IngestFailure(INGEST_MESSAGES.noText);
      const at = this.iso();
      const rows = chunks.map((chunk, seq) => ({
        id: randomUUID(),
        item_id: item.id,
        knowledge_id: item.knowledge_id,
        seq,
        heading: chunk.heading,
        text: chunk.text,
        page: chunk.page,
        page_end: chunk.pageEnd,
        // The heading path is searched with the passage: a question often names the section.
        terms: searchTerms(`${chunk.heading}\n${chunk.text}`).join(' '),
        created_at: at,
      }));
      const vectors = await this.vectorsOf(rows);
      if (!(await this.options.repo.finish(item.id, this.options.instanceId, rows, this.iso(), vectors))) {
        this.options.log.info({ itemId: item.id }, 'knowledge document changed while ingesting; result dropped');
      }
    } catch (error) {
      if (!(error instanceof IngestFailure)) this.options.log.warn({ err: error, itemId: item.id }, 'knowledge ingestion failed');
      await this.options.repo.fail(item.id, this.options.instanceId, error instanceof IngestFailure ? error.message : INGEST_MESSAGES.failed, this.iso());
    }
  }

  /** The passages' embedding rows (none without an embedder); a failing endpoint fails the document, to be re-indexed. */
  private async vectorsOf(rows: ReadonlyArray<{ id: string; knowledge_id: string; heading: string; text: string; created_at: string }>) {
    const { embedder } = this.options;
    if (!embedder) return [];
    const vectors = await embedder.embed(rows.map((row) => `${row.heading}\n${row.text}`.trim())).catch((error: unknown) => {
      if (error instanceof EmbeddingError) throw new IngestFailure(INGEST_MESSAGES.embeddingFailed(error.message));
      throw error;
    });
    return rows.map((row, index) => ({ chunk_id: row.id, knowledge_id: row.knowledge_id, model: embedder.model, vector: vectorBytes(vectors[index]!), created_at: row.created_at }));
  }

  private iso(): string {
    return this.options.now().toISOString();
  }
}
