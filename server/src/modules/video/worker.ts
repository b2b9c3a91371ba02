import { tableQueue } from '../../tasks/taskQueue.js';
import { TaskFailure, TaskWorker, untilAborted, type RunHooks, type TaskWorkerOptions } from '../../tasks/taskRunner.js';
import type { BlobStore } from '../../storage/blobStore.js';
import type { PointsService } from '../points/index.js';
import { VIDEO_MESSAGES } from './codes.js';
import { extensionOfMime } from './files.js';
import { clipInfo } from './mp4.js';
import { VideoProviderError, type FirstFrame, type VideoProviderSource } from './providers/index.js';
import type { VideoRepository, VideoTaskRow } from './repository.js';
import { holdIdOf, type FirstFrames } from './service.js';

export interface VideoWorkerOptions extends TaskWorkerOptions<VideoTaskRow> {
  repo: VideoRepository;
  store: BlobStore;
  providers: VideoProviderSource;
  firstFrames: FirstFrames;
  points: Pick<PointsService, 'settle' | 'refund'>;
}

/**
 * Runs video tasks on this instance through the shared task runner (src/tasks/): claims, time limits,
 * heartbeats and recovery are the runner's; this class makes a claimed task's clip with its provider,
 * checks and stores it with its poster, and settles the points — or lets the runner refund.
 */
export class VideoWorker extends TaskWorker<VideoTaskRow> {
  constructor(private readonly options: VideoWorkerOptions) {
    super(options, { name: 'video task', queue: tableQueue<VideoTaskRow>(options.repo.db, 'video_tasks', { onFail: { points: 0 } }), messages: VIDEO_MESSAGES });
  }

  async run(task: VideoTaskRow, { signal, onProgress }: RunHooks): Promise<void> {
    const stored: string[] = [];
    try {
      const choice = this.options.providers.providerFor(task.model);
      const outcome = await untilAborted(
        choice.provider.run(
          {
            kind: task.kind,
            model: task.model,
            upstreamModel: choice.upstreamModel,
            prompt: task.prompt,
            seconds: task.duration_seconds,
            aspect: task.aspect,
            firstFrame: await this.firstFrameOf(task),
            taskId: task.id,
          },
          {
            signal,
            onProgress,
            onSubmitted: (state) => void this.options.repo.saveProviderState(task.id, this.options.instanceId, state).catch(() => undefined),
          },
        ),
        signal,
      );
      const info = clipInfo(outcome.video);
      if (!info) throw new TaskFailure(VIDEO_MESSAGES.badVideo);
      const videoKey = `videos/${task.user_id}/${task.id}.${extensionOfMime(info.mime)}`;
      await this.options.store.put(videoKey, outcome.video, { contentType: info.mime });
      stored.push(videoKey);
      let posterKey: string | null = null;
      if (outcome.poster) {
        posterKey = `videos/${task.user_id}/${task.id}.poster.${extensionOfMime(outcome.poster.mime)}`;
        await this.options.store.put(posterKey, outcome.poster.data, { contentType: outcome.poster.mime });
        stored.push(posterKey);
      }
      const finished = await this.options.repo.finishSucceeded(
        task.id,
        this.options.instanceId,
        {
          videoKey,
          videoMime: info.mime,
          posterKey,
          width: info.width,
          height: info.height,
          durationMs: info.durationMs || task.duration_seconds * 1000,
          bytes: outcome.video.length,
          providerState: outcome.providerState,
          offlineDemo: choice.offline,
        },
        this.iso(),
      );
      if (!finished) {
        // Recovered meanwhile (this instance looked dead) or stopped: its points are back already.
        await this.removeBlobs(stored);
        return;
      }
      const { charged } = await this.options.points.settle(holdIdOf(task.id), { requests: 1 });
      await this.options.repo.setCharged(task.id, charged);
    } catch (error) {
      await this.removeBlobs(stored);
      throw error;
    }
  }

  /** Idempotent: a hold already ended stays as it is. */
  async refund(task: VideoTaskRow): Promise<void> {
    await this.options.points.refund(holdIdOf(task.id));
  }

  messageOf(error: unknown): string | null {
    return error instanceof VideoProviderError ? error.message : null;
  }

  private async firstFrameOf(task: VideoTaskRow): Promise<FirstFrame | null> {
    if (!task.first_frame_id) return null;
    const frame = await this.options.firstFrames.read(task.user_id, task.first_frame_id);
    if (!frame) throw new TaskFailure(VIDEO_MESSAGES.firstFrameGone);
    return frame;
  }

  private async removeBlobs(keys: string[]): Promise<void> {
    for (const key of keys) await this.options.store.delete(key).catch((error: Error) => this.options.log.warn({ err: error, key }, 'removing a video file failed'));
  }

  private iso(): string {
    return this.options.now().toISOString();
  }
}
