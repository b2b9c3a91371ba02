import { randomUUID } from 'node:crypto';
import type { Log } from '../../log.js';
import { startPeriodicTask, type PeriodicTask } from '../../periodicTask.js';
import type { BlobStore } from '../../storage/blobStore.js';
import type { PointsService } from '../points/index.js';
import { IMAGE_MESSAGES } from './codes.js';
import { extensionOf, quadrantsOf, storedForm, thumbnailOf, type Picture } from './pictures.js';
import { ImageProviderError, type ImageJob, type InputImage, type ParentTask, type ProviderOutcome } from './providers/provider.js';
import type { ImageRow, ImagesRepository, TaskRow } from './repository.js';
import { holdIdOf, type ProviderSource } from './service.js';
import { promptWithStyle } from './styles.js';
import { referenceIdsOf } from './view.js';

export interface ImageWorkerOptions {
  repo: ImagesRepository;
  store: BlobStore;
  providers: ProviderSource;
  points: Pick<PointsService, 'settle' | 'refund'>;
  /** This instance (claimed_by of the tasks it runs). */
  instanceId: string;
  /** Tasks run at once; 0 runs none (recovery still sweeps). */
  concurrency: number;
  timeoutMs: number;
  /** How often running tasks say they are alive, and the queue and recovery are looked at. */
  heartbeatMs: number;
  /** A running task silent this long belongs to a dead instance: failed and refunded. */
  deadAfterMs: number;
  /** A task queued this long is failed and refunded (before its points hold would expire). */
  queueTimeoutMs: number;
  /** How often the queue is polled for tasks other instances accepted. */
  pollMs: number;
  /** At most one progress write per task this often. */
  progressEveryMs?: number;
  now: () => Date;
  log: Log;
}

/** Why a run ended without images: the message the user reads. */
class TaskFailure extends Error {}

interface RunningTask {
  controller: AbortController;
  /** A graceful stop: the task goes back to the queue instead of failing. */
  stopping: boolean;
  done: Promise<void>;
}

/**
 * Runs image tasks on this instance: claims the oldest queued one with a guarded update (never two
 * instances on one task), runs its provider with a time limit, stores the pictures and thumbnails,
 * settles the points, or fails and refunds. Running tasks beat a heartbeat; the tasks of a dead
 * instance (silent past `deadAfterMs`) or of this instance's previous life are failed and refunded.
 */
export class ImageWorker {
  private readonly running = new Map<string, RunningTask>();
  private periodic: PeriodicTask[] = [];
  private filling: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: ImageWorkerOptions) {}

  get runningCount(): number {
    return this.running.size;
  }

  async start(): Promise<void> {
    await this.recover();
    const { heartbeatMs, pollMs, log } = this.options;
    this.periodic = [
      startPeriodicTask('image task heartbeat', () => this.beat(), heartbeatMs, log),
      startPeriodicTask('image task recovery', () => this.recover(), heartbeatMs, log),
      startPeriodicTask('image task queue', () => this.fill(), pollMs, log),
    ];
    this.wake();
  }

  /** Looks at the queue now (a task was just accepted on this instance). */
  wake(): void {
    void this.fill().catch((error: Error) => this.options.log.warn({ err: error }, 'claiming image tasks failed'));
  }

  /** Stops claiming; running tasks are aborted and go back to the queue for another instance or the next start. */
  async close(): Promise<void> {
    this.closed = true;
    const periodic = this.periodic;
    this.periodic = [];
    await Promise.all(periodic.map((task) => task.stop()));
    await this.filling?.catch(() => undefined);
    for (const task of this.running.values()) {
      task.stopping = true;
      task.controller.abort(new Error('server stopping'));
    }
    await Promise.all([...this.running.values()].map((task) => task.done));
  }

  /** Claims queued tasks while this instance has room (one fill at a time; a call during one shares it). */
  fill(): Promise<void> {
    if (this.filling) return this.filling;
    const filling = this.claimWhileRoom();
    this.filling = filling;
    // Cleared after the assignment: a fill that ends at once must not leave itself in place forever.
    void filling.finally(() => {
      if (this.filling === filling) this.filling = null;
    }).catch(() => undefined);
    return filling;
  }

  private async claimWhileRoom(): Promise<void> {
    while (!this.closed && this.running.size < this.options.concurrency) {
      const task = await this.options.repo.claimNext(this.options.instanceId, this.iso());
      if (!task) return;
      this.launch(task);
    }
  }

  private launch(task: TaskRow): void {
    const entry: RunningTask = { controller: new AbortController(), stopping: false, done: Promise.resolve() };
    this.running.set(task.id, entry);
    entry.done = this.run(task, entry)
      .catch((error: Error) => this.options.log.error({ err: error, taskId: task.id }, 'image task bookkeeping failed'))
      .finally(() => {
        this.running.delete(task.id);
        if (!this.closed) this.wake();
      });
  }

  private async beat(): Promise<void> {
    await this.options.repo.beat([...this.running.keys()], this.options.instanceId, this.iso());
  }

  /**
   * Fails and refunds what nobody will finish: running tasks silent past `deadAfterMs`, running tasks
   * claimed by this instance that it is not running (its previous life, before a crash), and tasks
   * queued past `queueTimeoutMs`. Answers how many.
   */
  async recover(): Promise<number> {
    const { repo, instanceId, deadAfterMs, queueTimeoutMs } = this.options;
    const at = this.options.now().getTime();
    const cutoff = new Date(at - deadAfterMs).toISOString();
    let recovered = 0;
    for (const task of await repo.orphanedRunning(cutoff, instanceId)) {
      if (this.running.has(task.id)) continue;
      const guard = task.claimed_by === instanceId ? { from: ['running' as const], instanceId } : { from: ['running' as const], staleBefore: cutoff };
      if (await repo.finishFailed(task.id, guard, IMAGE_MESSAGES.interrupted, this.iso())) {
        await this.refund(task);
        recovered++;
      }
    }
    for (const task of await repo.queuedBefore(new Date(at - queueTimeoutMs).toISOString())) {
      if (await repo.finishFailed(task.id, { from: ['queued'] }, IMAGE_MESSAGES.queueTimedOut, this.iso())) {
        await this.refund(task);
        recovered++;
      }
    }
    if (recovered) this.options.log.info(`failed and refunded ${recovered} abandoned image tasks`);
    return recovered;
  }

  private async run(task: TaskRow, entry: RunningTask): Promise<void> {
    const { controller } = entry;
    const timer = setTimeout(() => controller.abort(new TaskFailure(IMAGE_MESSAGES.timedOut)), this.options.timeoutMs);
    let stored: string[] = [];
    try {
      const choice = this.options.providers.providerFor(task.model);
      if (!choice || !choice.provider.supports(task.kind)) throw new TaskFailure(IMAGE_MESSAGES.unsupported);
      const job = await this.jobOf(task, choice.upstreamModel);
      const outcome = await untilAborted(choice.provider.run(job, { onProgress: this.progressSaver(task.id), signal: controller.signal }), controller.signal);
      const { rows, keys, delivered } = await this.store(task, outcome);
      stored = keys;
      // What did not come back is released before the task shows as done, so the balance is right by then.
      await this.refund(task, delivered + 1);
      const finished = await this.options.repo.finishSucceeded(
        task.id,
        this.options.instanceId,
        {
          descriptions: outcome.descriptions ?? [],
          providerState: outcome.providerState,
          seed: outcome.seed ?? task.seed,
          offlineDemo: choice.offline,
          points: Math.round((Number(task.points) * delivered) / task.hold_count),
          images: rows,
        },
        this.iso(),
      );
      if (!finished) {
        // Recovered meanwhile (this instance looked dead) or stopped: its points are back already.
        await this.removeBlobs(stored);
        return;
      }
      await this.settle(task, delivered);
    } catch (error) {
      await this.removeBlobs(stored);
      if (entry.stopping) {
        await this.options.repo.requeue(task.id, this.options.instanceId);
        return;
      }
      const message = failureMessage(controller.signal.aborted ? controller.signal.reason : error);
      if (!(error instanceof TaskFailure) && !(error instanceof ImageProviderError) && !controller.signal.aborted) this.options.log.warn({ err: error, taskId: task.id }, 'image task failed');
      // Refunded first (idempotent: a crash before the mark leaves it to recovery, which refunds again), so the balance is right once it shows 失败.
      await this.refund(task);
      await this.options.repo.finishFailed(task.id, { from: ['running'], instanceId: this.options.instanceId }, message, this.iso());
    } finally {
      clearTimeout(timer);
    }
  }

  /** What the provider gets: the prompt with its style, the reference images, the parent of an action. */
  private async jobOf(task: TaskRow, upstreamModel: string): Promise<ImageJob> {
    return {
      kind: task.kind,
      model: task.model,
      upstreamModel,
      prompt: promptWithStyle(task.prompt, task.style),
      negativePrompt: task.negative_prompt,
      width: task.width,
      height: task.height,
      count: task.count,
      seed: task.seed === null ? null : Number(task.seed),
      references: await this.referencesOf(task),
      strength: task.strength_percent / 100,
      action: task.action && task.parent_task_id ? { name: task.action, parent: await this.parentOf(task.parent_task_id) } : null,
    };
  }

  private async referencesOf(task: TaskRow): Promise<InputImage[]> {
    const ids = referenceIdsOf(task);
    const rows = new Map((await this.options.repo.referencesOf(task.user_id, ids)).map((row) => [row.id, row]));
    return Promise.all(
      ids.map(async (id) => {
        const row = rows.get(id);
        const data = row ? await this.options.store.read(row.storage_key) : null;
        if (!row || !data) throw new TaskFailure(IMAGE_MESSAGES.referenceNotFound);
        return { mime: row.mime, data };
      }),
    );
  }

  private async parentOf(parentId: string): Promise<ParentTask> {
    const parent = await this.options.repo.task(parentId);
    if (!parent) throw new TaskFailure(IMAGE_MESSAGES.parentGone);
    const images = await Promise.all(
      (await this.options.repo.imagesOf([parent.id])).map(async (image) => {
        const data = await this.options.store.read(image.original_key);
        if (!data) throw new TaskFailure(IMAGE_MESSAGES.parentGone);
        return { mime: image.mime, data };
      }),
    );
    if (images.length === 0) throw new TaskFailure(IMAGE_MESSAGES.parentGone);
    return {
      prompt: promptWithStyle(parent.prompt, parent.style),
      negativePrompt: parent.negative_prompt,
      seed: parent.seed === null ? null : Number(parent.seed),
      width: parent.width,
      height: parent.height,
      images,
      providerState: parent.provider_state === null ? null : (JSON.parse(parent.provider_state) as unknown),
    };
  }

  /** Saves the pictures (a grid cut into four) with their thumbnails; `delivered` is how many task prices they are worth. */
  private async store(task: TaskRow, outcome: ProviderOutcome): Promise<{ rows: Omit<ImageRow, 'shared' | 'shared_at' | 'likes'>[]; keys: string[]; delivered: number }> {
    const pictures = await picturesOf(outcome, task.count);
    const describeDone = task.kind === 'describe' && (outcome.descriptions?.length ?? 0) > 0;
    if (pictures.length === 0 && !describeDone) throw new TaskFailure(IMAGE_MESSAGES.noImage);
    const rows: Omit<ImageRow, 'shared' | 'shared_at' | 'likes'>[] = [];
    const keys: string[] = [];
    try {
      for (const [index, picture] of pictures.entries()) {
        const id = randomUUID();
        const original = `images/${task.user_id}/${id}.${extensionOf(picture.mime)}`;
        const thumb = `images/${task.user_id}/${id}.thumb.webp`;
        await this.options.store.put(original, picture.data, { contentType: picture.mime });
        keys.push(original);
        await this.options.store.put(thumb, await thumbnailOf(picture.data), { contentType: 'image/webp' });
        keys.push(thumb);
        rows.push({ id, task_id: task.id, user_id: task.user_id, idx: index + 1, original_key: original, thumb_key: thumb, mime: picture.mime, width: picture.width, height: picture.height, created_at: this.iso() });
      }
    } catch (error) {
      await this.removeBlobs(keys);
      throw error;
    }
    const perImage = task.kind === 'txt2img' || task.kind === 'img2img';
    return { rows, keys, delivered: perImage ? Math.min(pictures.length, task.hold_count) : 1 };
  }

  /** Charges the holds of what was delivered (the rest were released before); the task shows what it cost. */
  private async settle(task: TaskRow, delivered: number): Promise<void> {
    let charged = 0;
    for (let n = 1; n <= delivered; n++) charged += (await this.options.points.settle(holdIdOf(task.id, n), { requests: 1 })).charged;
    await this.options.repo.setCharged(task.id, charged);
  }

  /** Releases the task's holds from the `from`-th on (all by default); already finished holds stay as they are. */
  private async refund(task: Pick<TaskRow, 'id' | 'hold_count'>, from = 1): Promise<void> {
    for (let n = from; n <= task.hold_count; n++) {
      const holdId = holdIdOf(task.id, n);
      await this.options.points.refund(holdId).catch((error: Error) => this.options.log.warn({ err: error, holdId }, 'refunding an image task failed'));
    }
  }

  /** Progress as the provider reports it, written at most once per `progressEveryMs` and only when it moved. */
  private progressSaver(taskId: string): (percent: number) => void {
    const every = this.options.progressEveryMs ?? 1000;
    let saved = 0;
    let savedAt = 0;
    return (percent) => {
      const value = Math.max(0, Math.min(99, Math.round(percent)));
      const at = Date.now();
      if (value <= saved || at - savedAt < every) return;
      saved = value;
      savedAt = at;
      void this.options.repo.saveProgress(taskId, this.options.instanceId, value).catch((error: Error) => this.options.log.warn({ err: error, taskId }, 'saving image task progress failed'));
    };
  }

  private async removeBlobs(keys: string[]): Promise<void> {
    for (const key of keys) await this.options.store.delete(key).catch((error: Error) => this.options.log.warn({ err: error, key }, 'removing an image failed'));
  }

  private iso(): string {
    return this.options.now().toISOString();
  }
}

/** The pictures of an outcome: a grid's four quadrants, or the images as given (at most `count`, when a count was asked). */
async function picturesOf(outcome: ProviderOutcome, count: number): Promise<Picture[]> {
  const [first] = outcome.images;
  if (outcome.grid && first) return quadrantsOf(first.data);
  const images = count > 0 ? outcome.images.slice(0, count) : outcome.images;
  return Promise.all(images.map((image) => storedForm(image.data)));
}

function failureMessage(error: unknown): string {
  if (error instanceof TaskFailure || error instanceof ImageProviderError) return error.message;
  return IMAGE_MESSAGES.failed;
}

/** The provider's promise, or a rejection with the abort reason as soon as the signal fires (a provider that ignores it cannot hold the task). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
