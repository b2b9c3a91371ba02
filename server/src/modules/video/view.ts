import type { VideoTask } from '@qiming/contracts';
import type { Translator } from '../../locale/index.js';
import { STATUS_TEXTS } from './codes.js';
import { downloadNameOf } from './files.js';
import type { VideoTaskRow } from './repository.js';
import type { VideoLinks } from './urls.js';

export interface VideoViewContext {
  links: VideoLinks;
  translator: Translator;
  /** The owner-signed link of an uploaded first frame (the drawing area's reference images). */
  firstFrameUrl(id: string): string;
}

/** 排队中, 生成中 40%, 成功, 失败 — in the edition's language. */
export function statusTextOf(task: Pick<VideoTaskRow, 'status' | 'progress'>, translator: Translator): string {
  return translator.text(task.status === 'running' ? `${STATUS_TEXTS.running} ${task.progress}%` : STATUS_TEXTS[task.status]);
}

export function taskViewOf(task: VideoTaskRow, context: VideoViewContext): VideoTask {
  const done = task.status === 'succeeded' && task.video_key !== null && task.video_mime !== null;
  return {
    id: task.id,
    kind: task.kind,
    model: task.model,
    modelName: task.model_name,
    prompt: task.prompt,
    duration: task.duration_seconds,
    aspect: task.aspect,
    firstFrameUrl: task.first_frame_id ? context.firstFrameUrl(task.first_frame_id) : null,
    status: task.status,
    progress: task.status === 'succeeded' ? 100 : task.progress,
    statusText: statusTextOf(task, context.translator),
    error: task.error === null ? null : context.translator.text(task.error),
    points: Number(task.points),
    offlineDemo: task.offline_demo === 1,
    result: done
      ? {
          url: context.links.signedUrl(task.id, 'video'),
          downloadUrl: context.links.signedUrl(task.id, 'video', true),
          downloadName: downloadNameOf(task.id, task.video_mime!),
          posterUrl: task.poster_key ? context.links.signedUrl(task.id, 'poster') : null,
          width: task.width ?? 0,
          height: task.height ?? 0,
          duration: Math.round((task.result_ms ?? 0) / 100) / 10,
          bytes: Number(task.bytes ?? 0),
          mime: task.video_mime!,
        }
      : null,
    createTime: task.created_at,
    finishTime: task.finished_at,
  };
}
