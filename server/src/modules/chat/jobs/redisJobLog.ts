import { Redis } from 'ioredis';
import type { LogEntry } from './chunks.js';
import type { JobStatus } from './localLog.js';
import type { JobMeta, SharedJobLog } from './sharedJobLog.js';

export interface RedisJobLogOptions {
  url: string;
  keyPrefix: string;
  /** A running job's log lives this long after its last heartbeat refresh (spec: about 20 min). */
  runningTtlSeconds: number;
  /** …and this long after the job finished (about 5 min). */
  finishedTtlSeconds: number;
  /** An instance counts as alive this long after its last heartbeat. */
  instanceTtlSeconds: number;
  onError(error: Error): void;
}

// A blocked read returns at once when an entry arrives; after an idle block the reader checks whether the job ended.
const BLOCK_MS = 500;
const READ_COUNT = 500;

/**
 * Job chunk logs in Redis Streams: `chat:log:<id>` holds the entries with stream ids `<seq>-0`,
 * `chat:job:<id>` the meta hash, `chat:instance:<id>` an instance's heartbeat; stop requests go
 * over pub/sub. Writes go through one connection in order, so a job's `finish` always lands after
 * its last entry: a reader that sees the final status and then reads the rest has everything.
 */
export class RedisJobLog implements SharedJobLog {
  private readonly stopHandlers: Array<(jobId: string) => void> = [];
  private readonly readers = new Set<Redis>();

  private constructor(
    private readonly client: Redis,
    private readonly subscriber: Redis,
    private readonly options: RedisJobLogOptions,
  ) {}

  static async connect(options: RedisJobLogOptions): Promise<RedisJobLog> {
    const client = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 5000 });
    client.on('error', (error: Error) => options.onError(error));
    await client.connect();
    const subscriber = client.duplicate();
    subscriber.on('error', (error: Error) => options.onError(error));
    const log = new RedisJobLog(client, subscriber, options);
    await subscriber.subscribe(log.stopChannel);
    subscriber.on('message', (channel: string, jobId: string) => {
      if (channel === log.stopChannel) for (const handler of log.stopHandlers) handler(jobId);
    });
    return log;
  }

  private get stopChannel(): string {
    return `${this.options.keyPrefix}chat:stop`;
  }

  private key(kind: 'log' | 'job' | 'instance', id: string): string {
    return `${this.options.keyPrefix}chat:${kind}:${id}`;
  }

  async open(jobId: string, meta: JobMeta): Promise<void> {
    await this.client
      .multi()
      .hset(this.key('job', jobId), { ...meta })
      .expire(this.key('job', jobId), this.options.runningTtlSeconds)
      .exec();
  }

  append(jobId: string, entry: LogEntry): void {
    const key = this.key('log', jobId);
    const write = this.client.pipeline().xadd(key, `${entry.seq}-0`, 'f', entry.frame);
    // The first entry creates the stream; the heartbeat keeps a running job's log alive after that.
    if (entry.seq === 1) write.expire(key, this.options.runningTtlSeconds);
    write
      .exec()
      .then((results) => results?.forEach(([error]) => error && this.options.onError(error)))
      .catch((error: Error) => this.options.onError(error));
  }

  async finish(jobId: string, status: Exclude<JobStatus, 'running'>): Promise<void> {
    const ttl = this.options.finishedTtlSeconds;
    await this.client
      .multi()
      .hset(this.key('job', jobId), 'status', status)
      .expire(this.key('job', jobId), ttl)
      .expire(this.key('log', jobId), ttl)
      .exec();
  }

  async meta(jobId: string): Promise<JobMeta | null> {
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

  async *read(jobId: string, after: number, signal: AbortSignal): AsyncGenerator<LogEntry> {
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
        if (signal.aborted) return;
        const batch = await reader.xread('COUNT', READ_COUNT, 'BLOCK', BLOCK_MS, 'STREAMS', key, last).catch((error: Error) => {
          if (signal.aborted) return null;
          throw error;
        });
        const entries = batch?.[0]?.[1] ?? [];
        for (const [id, fields] of entries) {
          last = id;
          yield { seq: Number(id.split('-')[0]), frame: fields[1] ?? '' };
        }
        if (entries.length > 0) continue;
        const meta = await this.meta(jobId);
        if (meta && meta.status === 'running') continue;
        // Finished (or expired): the status was written after the last entry, so read what is left and end.
        for (const [id, fields] of await this.client.xrange(key, `(${last}`, '+')) {
          yield { seq: Number(id.split('-')[0]), frame: fields[1] ?? '' };
        }
        return;
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      this.readers.delete(reader);
      reader.disconnect();
    }
  }

  async requestStop(jobId: string): Promise<void> {
    await this.client.publish(this.stopChannel, jobId);
  }

  onStopRequest(handler: (jobId: string) => void): void {
    this.stopHandlers.push(handler);
  }

  async heartbeat(instanceId: string, runningJobIds: readonly string[]): Promise<void> {
    const batch = this.client.multi().set(this.key('instance', instanceId), '1', 'EX', this.options.instanceTtlSeconds);
    for (const jobId of runningJobIds) {
      batch.expire(this.key('log', jobId), this.options.runningTtlSeconds).expire(this.key('job', jobId), this.options.runningTtlSeconds);
    }
    await batch.exec();
  }

  async instanceAlive(instanceId: string): Promise<boolean> {
    return (await this.client.exists(this.key('instance', instanceId))) === 1;
  }

  async close(): Promise<void> {
    for (const reader of this.readers) reader.disconnect();
    this.subscriber.disconnect();
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
