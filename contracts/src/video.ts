/**
 * AI video (spec platform §2 /videoPage; §7 "Other areas": video/createTask, createSoraTask,
 * queryTaskPage, queryTaskStatus, deleteByTaskId, all POST — their payloads are not in the spec and
 * are designed here). Paths under /app-api; every response is the envelope { code, data, msg }.
 *
 * Every request is a durable task: submitting holds the model's price in points (one price per
 * request, the plan's discount applied), success settles it, every failure refunds it.
 *
 *   GET  video/getModels                       → VideoModels (signed out may read: the page shows its choices)
 *   POST video/createTask     CreateVideoRequest → VideoTask (a model whose `api` is 'createTask')
 *   POST video/createSoraTask CreateVideoRequest → VideoTask (a model whose `api` is 'createSoraTask': OpenAI's Videos API)
 *   POST video/queryTaskPage  { pageNo, pageSize } → Page<VideoTask> (the caller's, newest first)
 *   POST video/queryTaskStatus { taskId } → VideoTask (the page polls its queued / running tasks)
 *   POST video/deleteByTaskId  { taskId } → null (a finished task of the caller; its files go too)
 *
 * The first frame of 图生视频 is uploaded through the drawing area's `sd/uploadImg` (PNG / JPEG /
 * WebP ≤ 10 MB, type-sniffed, re-encoded without metadata); its id is `firstFrame`.
 *
 * Video URLs are owner-signed links that expire (a <video> sends no bearer token); they answer byte
 * ranges (206) so the player can seek.
 */

import type { Page } from './points.js';

export const VIDEO_LIMITS = {
  prompt: 1500,
  firstFrameMaxBytes: 10 * 1024 * 1024,
  /** Tasks one user may have queued or running at once. */
  maxActivePerUser: 2,
  pageSize: 10,
  /** The page polls a queued or running task this often (ms). */
  pollMs: 2000,
} as const;

const videoCodes = {
  /** 该模型不支持此操作（文生视频 / 图生视频, or the wrong call for the model） */
  unsupported: 2701,
  /** 任务不存在或已删除 */
  taskNotFound: 2702,
  /** 进行中的任务过多，请等待当前任务完成 */
  tooManyActive: 2703,
  /** 首帧图片不存在或已过期 */
  badFirstFrame: 2704,
  /** 该模型不支持此时长 / 画面比例 */
  badOption: 2705,
};
export const VIDEO_CODES = videoCodes as Readonly<typeof videoCodes>;

export const VIDEO_KINDS = ['text2video', 'image2video'] as const;
/** 文生视频 / 图生视频 (the first frame is the uploaded image). */
export type VideoKind = (typeof VIDEO_KINDS)[number];

export const VIDEO_ASPECTS = ['16:9', '9:16', '1:1'] as const;
export type VideoAspect = (typeof VIDEO_ASPECTS)[number];

export type VideoTaskStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** Which call submits a model's tasks. */
export type VideoCall = 'createTask' | 'createSoraTask';

/** One video model of the catalogue (level 视频) with what it allows. */
export interface VideoModel {
  id: string;
  name: string;
  icon: string | null;
  /** The catalogue's price line, e.g. 每次 10000 积分. */
  priceText: string;
  /** The listed price per request (before the plan's discount; `points/quote` gives the caller's). */
  points: number;
  api: VideoCall;
  kinds: VideoKind[];
  /** Allowed lengths in seconds, ascending; the first is the default. */
  durations: number[];
  /** Allowed aspect ratios; the first is the default. */
  aspects: VideoAspect[];
  /** No channel is configured: the built-in offline generator makes a demo clip (离线演示). */
  offlineDemo: boolean;
  /** Plan members only (a high-level model, as in chat: others are refused with 1801); the page does not preselect it. */
  membersOnly: boolean;
}

export interface VideoModels {
  models: VideoModel[];
  limits: typeof VIDEO_LIMITS;
}

export interface CreateVideoRequest {
  model: string;
  kind: VideoKind;
  prompt: string;
  /** Seconds: one of the model's `durations`. */
  duration: number;
  aspect: VideoAspect;
  /** image2video: an id from sd/uploadImg (the caller's). */
  firstFrame?: string;
}

export interface VideoPageRequest {
  pageNo?: number;
  pageSize?: number;
}

export interface VideoTaskRef {
  taskId: string;
}

/** The finished clip. */
export interface VideoResult {
  /** Owner-signed, expiring; answers byte ranges. */
  url: string;
  /** The same file as an attachment named `downloadName`. */
  downloadUrl: string;
  downloadName: string;
  /** A still of the clip (JPEG / WebP), or null when the provider gave none. */
  posterUrl: string | null;
  width: number;
  height: number;
  /** Seconds, from the file. */
  duration: number;
  bytes: number;
  mime: string;
}

export interface VideoTask {
  id: string;
  kind: VideoKind;
  model: string;
  modelName: string;
  prompt: string;
  duration: number;
  aspect: VideoAspect;
  /** image2video: the uploaded first frame (owner-signed link). */
  firstFrameUrl: string | null;
  status: VideoTaskStatus;
  /** 0–100. */
  progress: number;
  /** 排队中, 生成中 40%, 成功, 失败. */
  statusText: string;
  /** Why it failed (a refund note included), else null. */
  error: string | null;
  /** Held while queued or running, charged once succeeded, 0 once refunded. */
  points: number;
  offlineDemo: boolean;
  result: VideoResult | null;
  createTime: string;
  finishTime: string | null;
}

export type VideoTaskPage = Page<VideoTask>;
