import { randomUUID } from 'node:crypto';
import { tableQueue } from '../../tasks/taskQueue.js';
import { TaskFailure, TaskWorker, untilAborted, type RunHooks, type TaskWorkerOptions } from '../../tasks/taskRunner.js';
import type { BlobStore } from '../../storage/blobStore.js';
import type { PointsService } from '../points/index.js';
import { IMAGE_MESSAGES } from './codes.js';
import { extensionOf, quadrantsOf, storedForm, thumbnailOf, type Picture } from './pictures.js';
import { ImageProviderError, type ImageJob, type InputImage, type ParentTask, type ProviderOutcome } from './providers/provider.js';
import type { ImageRow, ImagesRepository, TaskRow } from './repository.js';
import { holdIdOf, type ProviderSource } from './service.js';
import { promptWithStyle } from './styles.js';
import { referenceIdsOf } from './view.js';

export interface ImageWorkerOptions extends TaskWorkerOptions<TaskRow> {
  repo: ImagesRepository;
  store: BlobStore;
  providers: ProviderSource;
  points: Pick<PointsService, 'settle' | 'refund'>;
}

/**
 * Runs image tasks on this instance through the shared task runner (src/tasks/): claims, time
 * limits, heartbeats and recovery are the runner's; this class draws a claimed task with its
 * provider, stores the pictures and thumbnails, and settles the points, or lets the runner refund.
 */
export class ImageWorker extends TaskWorker<TaskRow> {
  constructor(private readonly options: ImageWorkerOptions) {
    super(options, { name: 'image task', queue: tableQueue<TaskRow>(options.repo.db, 'image_tasks', { onFail: { points: 0, action_key: null } }), messages: IMAGE_MESSAGES });
  }

  async run(task: TaskRow, { signal, onProgress }: RunHooks): Promise<void> {
    let stored: string[] = [];
    try {
      const choice = this.options.providers.providerFor(task.model);
      if (!choice || !choice.provider.supports(task.kind)) throw new TaskFailure(IMAGE_MESSAGES.unsupported);
      const job = await this.jobOf(task, choice.upstreamModel);
      const outcome = await untilAborted(choice.provider.run(job, { onProgress, signal }), signal);
      const { rows, keys, delivered } = await this.store(task, outcome);
      stored = keys;
      // What did not come back is released before the task shows as done, so the balance is right by then.
      await this.refundFrom(task, delivered + 1);
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
      throw error;
    }
  }

  /** Releases every hold of the task; already finished holds stay as they are. */
  refund(task: TaskRow): Promise<void> {
    return this.refundFrom(task, 1);
  }

  messageOf(error: unknown): string | null {
    return error instanceof ImageProviderError ? error.message : null;
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

  /** Releases the task's holds from the `from`-th on; already finished holds stay as they are. */
  private async refundFrom(task: Pick<TaskRow, 'id' | 'hold_count'>, from: number): Promise<void> {
    for (let n = from; n <= task.hold_count; n++) {
      const holdId = holdIdOf(task.id, n);
      await this.options.points.refund(holdId).catch((error: Error) => this.options.log.warn({ err: error, holdId }, 'refunding an image task failed'));
    }
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
