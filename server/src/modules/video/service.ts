import { randomUUID } from 'node:crypto';
import { VIDEO_ASPECTS, VIDEO_LIMITS, type CreateVideoRequest, type Page, type VideoCall, type VideoModel, type VideoModels, type VideoTask } from '@qiming/contracts';
import type { Clock } from '../../clock.js';
import type { Translator } from '../../locale/index.js';
import type { Log } from '../../log.js';
import type { BlobStore } from '../../storage/blobStore.js';
import { priceTextOf, type CatalogueEntry } from '../catalogue/index.js';
import type { ContentPolicy } from '../chat/policy/contentPolicy.js';
import type { PointsService } from '../points/index.js';
import { badFirstFrame, badOption, bannedContent, taskNotFound, taskRunning, tooManyActive, unknownVideoModel, unsupported, VIDEO_MESSAGES } from './codes.js';
import { VIDEO_MODEL_OPTIONS, type VideoModelOptions } from './models.js';
import type { FirstFrame, VideoProviderSource } from './providers/index.js';
import type { VideoRepository, VideoTaskRow } from './repository.js';
import type { VideoLinks } from './urls.js';
import { taskViewOf, type VideoViewContext } from './view.js';

/** The caller's uploaded first frames: the drawing area's reference images (sd/uploadImg). */
export interface FirstFrames {
  /** The user's upload of this id, its bytes; undefined when it is not theirs or gone. */
  read(userId: string, id: string): Promise<FirstFrame | undefined>;
  exists(userId: string, id: string): Promise<boolean>;
  /** Its owner-signed link. */
  url(id: string): string;
}

export interface VideoServiceDeps {
  repo: VideoRepository;
  points: Pick<PointsService, 'hold' | 'refund'>;
  catalogue: { find(id: string): CatalogueEntry | undefined; snapshot(): { entries: readonly CatalogueEntry[] } };
  providers: VideoProviderSource;
  policy: ContentPolicy;
  firstFrames: FirstFrames;
  store: BlobStore;
  links: VideoLinks;
  translator: Translator;
  now: Clock;
  /** Wakes this instance's runner (a new task is queued). */
  wake(): void;
  log: Log;
}

/** The one hold of a task: its model's price per request. */
export const holdIdOf = (taskId: string) => `video:${taskId}`;

/** Video models: the catalogue's 视频 level, charged per request, with a row in VIDEO_MODEL_OPTIONS. */
function videoModelOf(entry: CatalogueEntry | undefined): { entry: CatalogueEntry; options: VideoModelOptions } | null {
  if (!entry || entry.level !== '视频' || entry.price.kind !== 'perRequest') return null;
  const options = VIDEO_MODEL_OPTIONS[entry.id];
  return options ? { entry, options } : null;
}

/**
 * The rules of AI video: submitting (checks, the points hold, the queued task), reading and
 * deleting the caller's tasks, and the models with their choices. Running tasks is the worker's.
 */
export class VideoService {
  readonly viewContext: VideoViewContext;

  constructor(private readonly deps: VideoServiceDeps) {
    this.viewContext = { links: deps.links, translator: deps.translator, firstFrameUrl: (id) => deps.firstFrames.url(id) };
  }

  /** The 视频 models of the served catalogue with what each allows (the page shows only these choices). */
  models(): VideoModels {
    const models: VideoModel[] = [];
    for (const candidate of this.deps.catalogue.snapshot().entries) {
      const found = videoModelOf(candidate);
      if (!found) continue;
      const { entry, options } = found;
      models.push({
        id: entry.id,
        name: this.deps.translator.text(entry.label),
        icon: entry.icon ?? null,
        priceText: this.deps.translator.text(priceTextOf(entry.price)),
        points: entry.price.kind === 'perRequest' ? entry.price.points : 0,
        api: options.api,
        kinds: [...options.kinds],
        durations: [...options.durations],
        aspects: [...options.aspects],
        offlineDemo: this.deps.providers.providerFor(entry.id).offline,
        membersOnly: entry.isHighLevelModel,
      });
    }
    return { models, limits: VIDEO_LIMITS };
  }

  /**
   * Checks everything, nothing written before the last check; then holds the price and writes the
   * queued task (the hold is released when the task cannot be written).
   */
  async submit(userId: string, call: VideoCall, request: CreateVideoRequest): Promise<VideoTask> {
    const found = videoModelOf(this.deps.catalogue.find(request.model));
    if (!found) throw unknownVideoModel();
    const { entry, options } = found;
    if (options.api !== call) throw unsupported(VIDEO_MESSAGES.wrongCall);
    if (!options.kinds.includes(request.kind)) throw unsupported();
    if (!options.durations.includes(request.duration)) throw badOption(`${VIDEO_MESSAGES.badDuration}（可选：${options.durations.map((s) => `${s} 秒`).join('、')}）`);
    if (!VIDEO_ASPECTS.includes(request.aspect) || !options.aspects.includes(request.aspect)) throw badOption(`${VIDEO_MESSAGES.badAspect}（可选：${options.aspects.join('、')}）`);
    if (this.deps.policy.violation(request.prompt)) throw bannedContent();
    let firstFrame: string | null = null;
    if (request.kind === 'image2video') {
      if (!request.firstFrame) throw badFirstFrame(VIDEO_MESSAGES.firstFrameMissing);
      if (!(await this.deps.firstFrames.exists(userId, request.firstFrame))) throw badFirstFrame();
      firstFrame = request.firstFrame;
    }
    if ((await this.deps.repo.countActive(userId)) >= VIDEO_LIMITS.maxActivePerUser) throw tooManyActive();

    const id = randomUUID();
    const holdId = holdIdOf(id);
    const { held } = await this.deps.points.hold(userId, holdId, entry.id, { purpose: 'media' });
    try {
      const inserted = await this.deps.repo.insertQueued(
        {
          id,
          user_id: userId,
          kind: request.kind,
          model: entry.id,
          model_name: entry.label,
          prompt: request.prompt,
          first_frame_id: firstFrame,
          duration_seconds: request.duration,
          aspect: request.aspect,
          points: held,
          created_at: this.deps.now().toISOString(),
        },
        VIDEO_LIMITS.maxActivePerUser,
      );
      if (!inserted) throw tooManyActive();
    } catch (error) {
      await this.deps.points.refund(holdId).catch((refundError: Error) => this.deps.log.warn({ err: refundError, holdId }, 'releasing a video task hold failed'));
      throw error;
    }
    this.deps.wake();
    return this.task(userId, id);
  }

  private async ownTask(userId: string, id: string): Promise<VideoTaskRow> {
    const task = await this.deps.repo.task(id);
    if (!task || task.user_id !== userId) throw taskNotFound();
    return task;
  }

  async task(userId: string, id: string): Promise<VideoTask> {
    return taskViewOf(await this.ownTask(userId, id), this.viewContext);
  }

  async page(userId: string, request: { pageNo: number; pageSize: number }): Promise<Page<VideoTask>> {
    const { rows, total } = await this.deps.repo.page(userId, (request.pageNo - 1) * request.pageSize, request.pageSize);
    return { total, list: rows.map((row) => taskViewOf(row, this.viewContext)) };
  }

  /** Deletes a finished task of the caller and its files (the clip and the poster). */
  async delete(userId: string, id: string): Promise<null> {
    const task = await this.ownTask(userId, id);
    if (task.status === 'queued' || task.status === 'running') throw taskRunning();
    const keys = await this.deps.repo.deleteFinished(userId, id);
    if (keys === null) throw taskNotFound();
    for (const key of keys) await this.deps.store.delete(key).catch((error: Error) => this.deps.log.warn({ err: error, key }, 'removing a deleted video failed'));
    return null;
  }
}
