/**
 * AI drawing and the image gallery (spec platform §2 /painter, /toolBox/building, /sharePage; §7
 * "Other areas": the call names and methods — their payloads are not in the spec and are designed
 * here). Paths under /app-api; every response is the envelope { code, data, msg }.
 *
 * Every request is a task (a row that survives restarts and runs on any instance): submitting holds
 * the model's price in points, success settles it, failure refunds it. The page polls a task every
 * 2 s (getMjTaskInfo / getImgByReqId) while it is queued or running, and the task list
 * (queryTaskHistory) when it comes back to the page.
 *
 * Stable Diffusion style
 *   POST sd/txt2img   Txt2ImgRequest → ImageTask
 *   POST sd/img2img   Img2ImgRequest → ImageTask
 *   POST sd/createJob CreateJobRequest → ImageTask (either of the two, by `kind`)
 *   POST sd/queryTaskHistory TaskHistoryRequest → Page<ImageTask> (the caller's, newest first)
 *   GET  sd/getImgByReqId?reqId=<task id> → ImageTask
 *   GET  sd/deleteTaskById?id=<task id> → null (the caller's; its images go too, unshared from the gallery)
 *   GET  sd/getFunctions → ImageFunctions (models, styles, aspect ratios, limits)
 *   POST sd/uploadResource, sd/uploadImg (multipart, field `file`) → ReferenceImage
 *        (png / jpeg / webp ≤ IMAGE_LIMITS.referenceMaxBytes, type-sniffed, metadata stripped)
 * Midjourney style (midjourney-proxy's task protocol)
 *   POST backend-api/mjPainter  ImagineRequest → ImageTask (a grid of four)
 *   POST backend-api/mjAction   ActionRequest → ImageTask (U1–U4 upscale, V1–V4 variation, reroll)
 *   POST backend-api/mjBlend    BlendRequest → ImageTask
 *   POST backend-api/swapFace   SwapFaceRequest → ImageTask
 *   POST backend-api/mjDescribe DescribeRequest → ImageTask (`descriptions` when done)
 *   GET  backend-api/getMjTaskInfo?taskId= → ImageTask
 * Gallery (signed out may read; liking and sharing need login)
 *   POST sdImg/share { imageId, share } → SharedImage | null (share false: taken off the gallery)
 *   POST sdImg/listSdImgShare GalleryRequest → GalleryPage
 *   GET  sdImg/like?imageId= → LikeState (idempotent: one like per user)
 *   GET  sdImg/unlike?imageId= → LikeState (idempotent)
 *
 * Image URLs: an image of a task is shown only to its owner (a URL carrying a signature that
 * expires, so an <img> can load it) until shared; a shared image's URL is public and long-cached.
 */

import type { Page, PageRequest } from './points.js';

export const IMAGE_LIMITS = {
  prompt: 2000,
  negativePrompt: 1000,
  /** Images per txt2img / img2img task. */
  maxCount: 4,
  referenceMaxBytes: 10 * 1024 * 1024,
  /** Reference images of an img2img task; blend takes 2 to this many. */
  maxReferences: 5,
  /** Tasks one user may have queued or running at once. */
  maxActivePerUser: 4,
  pageSize: 20,
  /** The page polls a queued or running task this often (ms). */
  pollMs: 2000,
  /** Gallery pages are larger: a masonry screen holds many thumbnails. */
  galleryPageSize: 40,
} as const;

const imageCodes = {
  /** 该模型不支持此操作 */
  unsupported: 2501,
  /** 任务不存在或已删除 */
  taskNotFound: 2502,
  /** 图片不存在或已删除 */
  imageNotFound: 2503,
  /** 进行中的任务过多，请等待当前任务完成 */
  tooManyActive: 2504,
  /** 参考图片格式不支持或已损坏 / 超过大小 */
  badReference: 2505,
  /** 该操作已执行过 (an upscale of the same image twice returns the first task instead) */
  actionUsed: 2506,
};
export const IMAGE_CODES = imageCodes as Readonly<typeof imageCodes>;

export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16', '3:2', '2:3'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

export type ImageTaskKind = 'txt2img' | 'img2img' | 'imagine' | 'action' | 'blend' | 'describe' | 'swapFace';
export type ImageTaskStatus = 'queued' | 'running' | 'succeeded' | 'failed';
/** Midjourney's buttons under a grid (U upscales one of four, V varies it) and reroll. */
export type ImageAction = 'U1' | 'U2' | 'U3' | 'U4' | 'V1' | 'V2' | 'V3' | 'V4' | 'reroll';

/** One picture a task made. */
export interface ImageResult {
  id: string;
  /** The full image (owner-signed until shared). */
  url: string;
  /** A WebP thumbnail, at most 512 px on its longer side. */
  thumbUrl: string;
  width: number;
  height: number;
  /** Its place in the task's results (1–4: a grid's quadrants are numbered like Midjourney's). */
  index: number;
  shared: boolean;
}

export interface ImageTask {
  id: string;
  kind: ImageTaskKind;
  model: string;
  modelName: string;
  prompt: string;
  negativePrompt: string;
  aspect: AspectRatio;
  width: number;
  height: number;
  count: number;
  seed: number | null;
  /** Reference images (img2img, blend, swap face, describe) by their URLs. */
  references: string[];
  /** The task an action was taken on, and which. */
  parentTaskId: string | null;
  action: ImageAction | null;
  status: ImageTaskStatus;
  /** 0–100 while running. */
  progress: number;
  /** 排队中, 生成中 40%, 成功, 失败 (in the site's language). */
  statusText: string;
  results: ImageResult[];
  /** What describe found: four prompts. */
  descriptions: string[];
  /** Why it failed, for the user. */
  error: string | null;
  /** Points held (queued, running) or charged (succeeded); 0 once refunded. */
  points: number;
  /** The offline painter drew it (离线演示). */
  offlineDemo: boolean;
  /** The actions the result offers now (U1–U4, V1–V4, reroll for a grid of four; none otherwise). */
  actions: ImageAction[];
  createTime: string;
  finishTime: string | null;
}

export interface ImageStyle {
  key: string;
  /** 写实, 动漫, 水彩, 油画, 赛博朋克, 国风… */
  name: string;
  /** Added to the prompt when chosen. */
  prompt: string;
}

export interface ImageModelFunctions {
  /** A catalogue model id (the 绘画 level). */
  id: string;
  name: string;
  icon: string | null;
  /** As the catalogue shows it: 30积分/次. */
  priceText: string;
  /** Points one task (one image, or one grid of four) costs before a plan's discount; `points/quote` gives the caller's price. */
  points: number;
  /** What it can do: txt2img / img2img (Stable Diffusion style), imagine / action / blend / describe / swapFace (Midjourney style). */
  kinds: ImageTaskKind[];
  maxCount: number;
  aspects: AspectRatio[];
  negativePrompt: boolean;
  seed: boolean;
  /** No configured provider: the offline painter answers (离线演示). */
  offlineDemo: boolean;
}

export interface ImageFunctions {
  models: ImageModelFunctions[];
  styles: ImageStyle[];
  aspects: AspectRatio[];
  limits: typeof IMAGE_LIMITS;
}

interface PromptFields {
  model: string;
  prompt: string;
  negativePrompt?: string;
  aspect?: AspectRatio;
  /** A style key from getFunctions. */
  style?: string;
  seed?: number | null;
}

export interface Txt2ImgRequest extends PromptFields {
  /** 1 to IMAGE_LIMITS.maxCount. */
  count?: number;
}

export interface Img2ImgRequest extends Txt2ImgRequest {
  /** Reference image ids (from sd/uploadImg). */
  images: string[];
  /** How far from the reference, 0.1–1 (default 0.6). */
  strength?: number;
}

export type CreateJobRequest = ({ kind: 'txt2img' } & Txt2ImgRequest) | ({ kind: 'img2img' } & Img2ImgRequest);

export interface TaskHistoryRequest extends PageRequest {
  kind?: ImageTaskKind;
}

export interface ImagineRequest extends PromptFields {
  /** Optional reference images (image prompts). */
  images?: string[];
}

export interface ActionRequest {
  taskId: string;
  action: ImageAction;
}

export interface BlendRequest {
  model: string;
  /** 2 to IMAGE_LIMITS.maxReferences reference image ids. */
  images: string[];
  aspect?: AspectRatio;
}

export interface SwapFaceRequest {
  model: string;
  /** The face to use, and the picture to put it in (reference image ids). */
  sourceImage: string;
  targetImage: string;
}

export interface DescribeRequest {
  model: string;
  image: string;
}

export interface ReferenceImage {
  id: string;
  /** Owner-signed URL of the stored (metadata-free) image. */
  url: string;
  width: number;
  height: number;
}

export type GallerySort = 'newest' | 'likes';

export interface GalleryRequest extends PageRequest {
  sort?: GallerySort;
}

export interface SharedImage {
  /** The image's id (ImageResult.id). */
  imageId: string;
  url: string;
  thumbUrl: string;
  width: number;
  height: number;
  prompt: string;
  negativePrompt: string;
  model: string;
  modelName: string;
  aspect: AspectRatio;
  seed: number | null;
  /** The sharer's nickname. */
  author: string;
  likes: number;
  /** The caller likes it (false signed out). */
  liked: boolean;
  /** The caller shared it (may take it off). */
  mine: boolean;
  offlineDemo: boolean;
  sharedAt: string;
}

export type GalleryPage = Page<SharedImage>;

export interface LikeState {
  imageId: string;
  liked: boolean;
  likes: number;
}

/** The painter's route with the fields of 做同款 (same prompt, model, aspect, seed). */
export function paintLikePath(image: Pick<SharedImage, 'prompt' | 'negativePrompt' | 'model' | 'aspect' | 'seed'>): string {
  const query = new URLSearchParams({ prompt: image.prompt, model: image.model, aspect: image.aspect });
  if (image.negativePrompt) query.set('negativePrompt', image.negativePrompt);
  if (image.seed !== null) query.set('seed', String(image.seed));
  return `/painter?${query.toString()}`;
}

/** Width and height of a ratio at about `pixels` pixels, both multiples of 8 (what the providers accept). */
export function sizeOfAspect(aspect: AspectRatio, pixels = 1024 * 1024): { width: number; height: number } {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  const unit = Math.sqrt(pixels / (w * h));
  const round8 = (n: number) => Math.max(64, Math.round(n / 8) * 8);
  return { width: round8(w * unit), height: round8(h * unit) };
}
