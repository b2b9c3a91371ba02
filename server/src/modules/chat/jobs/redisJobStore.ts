import { Redis } from 'ioredis';
import { entryOf, frameOf, type ChunkBody, type LogEntry, type StoredChunk } from './chunks.js';
import type { JobStatus } from './localLog.js';
import type { FinalStatus, JobMeta, JobStore, ReadEnd } from './jobStore.js';
import type { Liveness } from './liveness.js';
import { MemoryJobStore, type RetentionOptions } from './memoryJobStore.js';

export interface RedisJobStoreOptions extends RetentionOptions {
  url: string;
  keyPrefix: string;
  /** A running job's log lives this long after its last refresh (spec: about 20 min). */
  runningTtlSeconds: number;
  /** …and this long after the job finished (about 5 min). */
  finishedTtlSeconds: number;
  /** How often the running jobs' keys get their TTL back (well under runningTtlSeconds). */
  refreshMs: number;
  /** A reader stops waiting for a job whose instance is dead. */
  liveness: Liveness;
  /** How long a reader on another instance blocks for new entries before it checks the job's instance (default 500). */
  blockMs?: number;
  onError(error: Error): void;
}

// A blocked read returns at once when an entry arrives (the end marker too); after an idle block
// the reader checks whether the job's instance still lives.
const BLOCK_MS = 500;
const READ_COUNT = 500;
/** The field of the entry that ends a log (its value: the final status), stream id `<last seq>-1`. */
const END_FIELD = 'end';

/**
 * This instance's jobs in memory (its readers never wait on Redis) and every job's copy in Redis
 * Streams: `chat:log:<id>` holds the entries with stream ids `<seq>-0`, `chat:job:<id>` the meta
 * hash; stop requests go over pub/sub. Writes go through one connection in order, so a job's
 * `finish` always lands after its last entry: it appends an end marker (`<last seq>-1`, field
 * `end`), which wakes blocked readers at once, and sets the final status, so a reader that sees
 * either has everything. A running job's keys get their TTL back every `refreshMs`.
 */
export class RedisJobStore implements JobStore {
  private readonly stopHandlers: Array<(jobId: string) => void> = [];
  private readonly readers = new Set<Redis>();
  private readonly local: MemoryJobStore;
  private readonly refresher: NodeJS.Timeout;

  private constructor(
    private readonly client: Redis,
    private readonly subscriber: Redis,
    private readonly options: RedisJobStoreOptions,
  ) {
    this.local = new MemoryJobStore(options);
    this.refresher = setInterval(() => void this.refreshRunning().catch((error: Error) => options.onError(error)), options.refreshMs);
    this.refresher.unref();
  }

  static async connect(options: RedisJobStoreOptions): Promise<RedisJobStore> {
    const client = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
    client.on('error', (error: Error) => options.onError(error));
    await client.connect();
    const subscriber = client.duplicate();
    subscriber.on('error', (error: Error) => options.onError(error));
    const log = new RedisJobStore(client, subscriber, options);
    await subscriber.subscribe(log.stopChannel);
    subscriber.on('message', (channel: string, jobId: string) => {
      if (channel === log.stopChannel) for (const handler of log.stopHandlers) handler(jobId);
    });
    return log;
  }

  private get stopChannel(): string {
    return `${this.options.keyPrefix}chat:stop`;
  }

  private key(kind: 'log' | 'job', id: string): string {
    return `${this.options.keyPrefix}chat:${kind}:${id}`;
  }

  async open(jobId: string, meta: JobMeta): Promise<void> {
    await this.local.open(jobId, meta);
    await this.client
      .multi()
      .hset(this.key('job', jobId), { ...meta })
      .expire(this.key('job', jobId), this.options.runningTtlSeconds)
      .exec();
  }

  append(jobId: string, chunk: StoredChunk): void {
    this.local.append(jobId, chunk);
    const entry = entryOf(chunk);
    const key = this.key('log', jobId);
    const write = this.client.pipeline().xadd(key, `${entry.seq}-0`, 'f', entry.frame);
    // The first entry creates the stream; the refresher keeps a running job's log alive after that.
    if (entry.seq === 1) write.expire(key, this.options.runningTtlSeconds);
    write
      .exec()
      .then((results) => results?.forEach(([error]) => error && this.options.onError(error)))
      .catch((error: Error) => this.options.onError(error));
  }

  async finish(jobId: string, status: FinalStatus): Promise<void> {
    const lastSeq = this.local.length(jobId);
    await this.local.finish(jobId, status);
    const ttl = this.options.finishedTtlSeconds;
    await this.client
      .multi()
      .xadd(this.key('log', jobId), `${lastSeq}-1`, END_FIELD, status)
      .hset(this.key('job', jobId), 'status', status)
      .expire(this.key('job', jobId), ttl)
      .expire(this.key('log', jobId), ttl)
      .exec();
  }

  async meta(jobId: string): Promise<JobMeta | null> {
    return this.local.has(jobId) ? this.local.meta(jobId) : this.sharedMeta(jobId);
  }

  private async sharedMeta(jobId: string): Promise<JobMeta | null> {
    const fields = await this.client.hgetall(this.key('job', jobId));
    if (!fields.userId) return null;
    return {
      userId: fields.userId,
      convGroupId: fields.convGroupId ?? '',
      instanceId: fields.instanceId ?? '',
      status: (fields.status ?? 'failed') as JobStatus,
      startedAt: fields.startedAt ?? '',
    };
  }

  read(jobId: string, after: number, signal: AbortSignal): AsyncGenerator<LogEntry, ReadEnd> {
    return this.local.has(jobId) ? this.local.read(jobId, after, signal) : this.readShared(jobId, after, signal);
  }

  private async *readShared(jobId: string, after: number, signal: AbortSignal): AsyncGenerator<LogEntry, ReadEnd> {
    const key = this.key('log', jobId);
    // Blocking reads hold their connection: each reader gets its own, closed when it ends.
    const reader = this.client.duplicate();
    reader.on('error', () => undefined);
    this.readers.add(reader);
    const onAbort = () => reader.disconnect();
    signal.addEventListener('abort', onAbort, { once: true });
    let last = `${after}-0`;
    try {
      for (;;) {
        if (signal.aborted) return 'aborted';
        const batch = await reader.xread('COUNT', READ_COUNT, 'BLOCK', this.options.blockMs ?? BLOCK_MS, 'STREAMS', key, last).catch((error: Error) => {
          if (signal.aborted) return null;
          throw error;
        });
        const read = batch?.[0]?.[1] ?? [];
        for (const entry of entriesOf(read)) {
          last = `${entry.seq}-0`;
          yield entry;
        }
        if (read.some(isEndMarker)) return 'finished';
        if (read.length > 0) continue;
        if (signal.aborted) return 'aborted';
        const meta = await this.meta(jobId);
        // The reader just read everything there is: a dead instance will add nothing more.
        if (meta && meta.status === 'running') {
          if (await this.options.liveness.isAlive(meta.instanceId)) continue;
          return 'ownerGone';
        }
        // Finished (or expired): the status was written after the last entry, so read what is left and end.
        for (const entry of entriesOf(await this.client.xrange(key, `(${last}`, '+'))) yield entry;
        return 'finished';
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.readers.delete(reader);
      reader.disconnect();
    }
  }

  async endOrphan(jobId: string, lastChunk: (meta: JobMeta) => ChunkBody): Promise<LogEntry[] | null> {
    const meta = await this.sharedMeta(jobId);
    if (!meta) return null;
    const key = this.key('log', jobId);
    const entries = entriesOf(await this.client.xrange(key, '-', '+'));
    if (meta.status !== 'running') return entries;
    const seq = (entries.at(-1)?.seq ?? 0) + 1;
    const ttl = this.options.finishedTtlSeconds;
    await this.client
      .multi()
      .xadd(key, `${seq}-0`, 'f', frameOf(seq, lastChunk(meta)))
      .hset(this.key('job', jobId), 'status', 'failed')
      .expire(this.key('job', jobId), ttl)
      .expire(key, ttl)
      .exec();
    return entries;
  }

  async requestStop(jobId: string): Promise<void> {
    await this.client.publish(this.stopChannel, jobId);
  }

  onStopRequest(handler: (jobId: string) => void): void {
    this.stopHandlers.push(handler);
  }

  private async refreshRunning(): Promise<void> {
    const running = this.local.runningIds();
    if (running.length === 0) return;
    const batch = this.client.multi();
    for (const jobId of running) batch.expire(this.key('log', jobId), this.options.runningTtlSeconds).expire(this.key('job', jobId), this.options.runningTtlSeconds);
    await batch.exec();
  }

  async close(): Promise<void> {
    clearInterval(this.refresher);
    for (const reader of this.readers) reader.disconnect();
    this.subscriber.disconnect();
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

type StreamEntry = [id: string, fields: string[]];

const isEndMarker = ([, fields]: StreamEntry) => fields[0] === END_FIELD;

/** The log's chunks among stream entries (the end marker is none). */
function entriesOf(stream: StreamEntry[]): LogEntry[] {
  return stream.filter((entry) => !isEndMarker(entry)).map(([id, fields]) => ({ seq: Number(id.split('-')[0]), frame: fields[1] ?? '' }));
}
