import type { ImageAction, ImageResult, ImageTask, SharedImage } from '@qiming/contracts';
import type { Translator } from '../../locale/index.js';
import { STATUS_TEXTS } from './codes.js';
import type { GalleryRow, ImageRow, TaskRow } from './repository.js';
import type { ImageLinks } from './urls.js';

export const GRID_ACTIONS: readonly ImageAction[] = ['U1', 'U2', 'U3', 'U4', 'V1', 'V2', 'V3', 'V4', 'reroll'];

/** 排队中, 生成中 40%, 成功, 失败 — in the edition's language. */
export function statusTextOf(task: Pick<TaskRow, 'status' | 'progress'>, translator: Translator): string {
  const text = task.status === 'running' ? `${STATUS_TEXTS.running} ${task.progress}%` : STATUS_TEXTS[task.status];
  return translator.text(text);
}

/** A result's links: public once shared, owner-signed until then. */
export function resultOf(image: ImageRow, links: ImageLinks): ImageResult {
  const shared = image.shared === 1;
  const url = (variant: 'original' | 'thumb') => (shared ? links.publicUrl(image.id, variant) : links.signedUrl(image.id, variant));
  return { id: image.id, url: url('original'), thumbUrl: url('thumb'), width: image.width, height: image.height, index: image.idx, shared };
}

const parseList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};

export const referenceIdsOf = (task: Pick<TaskRow, 'reference_ids'>): string[] => parseList(task.reference_ids);

export interface TaskViewContext {
  links: ImageLinks;
  translator: Translator;
  /** The task's model can take actions (U / V / reroll) on its grids now. */
  canAct(model: string): boolean;
}

/** A grid of four that its model can act on offers the buttons; nothing else does. */
export function actionsOf(task: TaskRow, results: ImageRow[], context: Pick<TaskViewContext, 'canAct'>): ImageAction[] {
  if (task.status !== 'succeeded' || results.length !== 4) return [];
  const grid = task.kind === 'imagine' || task.kind === 'blend' || (task.kind === 'action' && task.action !== null && !task.action.startsWith('U'));
  return grid && context.canAct(task.model) ? [...GRID_ACTIONS] : [];
}

export function taskViewOf(task: TaskRow, results: ImageRow[], context: TaskViewContext): ImageTask {
  const error = task.error === null ? null : context.translator.text(task.error);
  return {
    id: task.id,
    kind: task.kind,
    model: task.model,
    modelName: task.model_name,
    prompt: task.prompt,
    negativePrompt: task.negative_prompt,
    aspect: task.aspect,
    width: task.width,
    height: task.height,
    count: task.count,
    seed: task.seed === null ? null : Number(task.seed),
    references: referenceIdsOf(task).map((id) => context.links.signedUrl(id, 'reference')),
    parentTaskId: task.parent_task_id,
    action: task.action,
    status: task.status,
    progress: task.status === 'succeeded' ? 100 : task.progress,
    statusText: statusTextOf(task, context.translator),
    results: results.map((image) => resultOf(image, context.links)),
    descriptions: parseList(task.descriptions),
    error,
    points: Number(task.points),
    offlineDemo: task.offline_demo === 1,
    actions: actionsOf(task, results, context),
    createTime: task.created_at,
    finishTime: task.finished_at,
  };
}

export function sharedImageOf(row: GalleryRow, viewerId: string | null, links: ImageLinks): SharedImage {
  return {
    imageId: row.id,
    url: links.publicUrl(row.id, 'original'),
    thumbUrl: links.publicUrl(row.id, 'thumb'),
    width: row.width,
    height: row.height,
    prompt: row.prompt,
    negativePrompt: row.negative_prompt,
    model: row.model,
    modelName: row.model_name,
    aspect: row.aspect,
    seed: row.seed === null ? null : Number(row.seed),
    author: row.author,
    likes: Number(row.likes),
    liked: Number(row.liked) === 1,
    mine: viewerId !== null && row.user_id === viewerId,
    offlineDemo: row.offline_demo === 1,
    sharedAt: row.shared_at ?? row.created_at,
  };
}
