import { CHAT_CODES, VIDEO_CODES } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

export { VIDEO_CODES, VIDEO_LIMITS } from '@qiming/contracts';

/**
 * Every user-facing text of the module, in Chinese (the international edition's English is in
 * locale/enUS.ts, keyed by these).
 */
export const VIDEO_MESSAGES = {
  unknownModel: '请选择视频模型',
  unsupportedKind: '该模型不支持此生成方式',
  wrongCall: '该模型请通过对应的接口提交',
  taskNotFound: '任务不存在或已删除',
  tooManyActive: '进行中的任务过多，请等待当前任务完成',
  firstFrameMissing: '图生视频请先上传首帧图片',
  firstFrameNotFound: '首帧图片不存在或已过期，请重新上传',
  badDuration: '该模型不支持此时长',
  badAspect: '该模型不支持此画面比例',
  taskRunning: '任务正在生成，请等待完成后再删除',
  badLink: '视频链接无效或已过期',
  fileNotFound: '视频不存在或已删除',
  badRange: '请求的范围无效',
  // Why a task failed (VideoTask.error).
  timedOut: '生成超时，积分已退回',
  queueTimedOut: '排队超时，积分已退回',
  interrupted: '服务重启，任务已中断，积分已退回',
  failed: '生成失败，积分已退回',
  badVideo: '视频服务返回的文件无法播放，积分已退回',
  firstFrameGone: '首帧图片已删除，积分已退回',
} as const;

/** Status texts (VideoTask.statusText); running carries its percent: 生成中 40%. */
export const STATUS_TEXTS = { queued: '排队中', running: '生成中', succeeded: '成功', failed: '失败' } as const;

const refusal = (key: keyof typeof VIDEO_CODES, message: string) => new AppError(VIDEO_CODES[key], message);

export const unknownVideoModel = () => new AppError(400, VIDEO_MESSAGES.unknownModel);
export const unsupported = (message: string = VIDEO_MESSAGES.unsupportedKind) => refusal('unsupported', message);
export const taskNotFound = () => refusal('taskNotFound', VIDEO_MESSAGES.taskNotFound);
export const tooManyActive = () => refusal('tooManyActive', VIDEO_MESSAGES.tooManyActive);
export const badFirstFrame = (message: string = VIDEO_MESSAGES.firstFrameNotFound) => refusal('badFirstFrame', message);
export const badOption = (message: string) => refusal('badOption', message);
export const taskRunning = () => new AppError(400, VIDEO_MESSAGES.taskRunning);
/** The chat's banned-content refusal (1901), word for word: one policy, one message. */
export const bannedContent = () => new AppError(CHAT_CODES.bannedContent.code, CHAT_CODES.bannedContent.msg);
/** A tampered or expired link: a <video> gets HTTP 403. */
export const badLink = () => new AppError(403, VIDEO_MESSAGES.badLink, 403);
export const fileNotFound = () => new AppError(404, VIDEO_MESSAGES.fileNotFound, 404);
