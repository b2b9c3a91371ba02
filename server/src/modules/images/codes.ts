import { CHAT_CODES, IMAGE_CODES } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

export { IMAGE_CODES, IMAGE_LIMITS } from '@qiming/contracts';

/**
 * Every user-facing text of the module, in Chinese (the international edition's English is in
 * locale/enUS.ts, keyed by these).
 */
export const IMAGE_MESSAGES = {
  unsupported: '该模型不支持此操作',
  taskNotFound: '任务不存在或已删除',
  imageNotFound: '图片不存在或已删除',
  tooManyActive: '进行中的任务过多，请等待当前任务完成',
  badReference: '参考图片格式不支持或已损坏，请上传 PNG、JPEG 或 WebP 图片',
  referenceTooLarge: '参考图片不能超过 10MB',
  referenceNotFound: '参考图片不存在或已过期，请重新上传',
  actionUsed: '该操作已执行过',
  unknownModel: '请选择绘画模型',
  taskRunning: '任务正在生成，请等待完成后再删除',
  noFile: '请选择要上传的图片',
  badLink: '图片链接无效或已过期',
  // Why a task failed (ImageTask.error).
  timedOut: '生成超时，积分已退回',
  queueTimedOut: '排队超时，积分已退回',
  interrupted: '服务重启，任务已中断，积分已退回',
  failed: '生成失败，积分已退回',
  noImage: '没有生成图片，积分已退回',
  parentGone: '原任务的图片已删除，无法继续操作',
} as const;

/** Status texts (ImageTask.statusText); running carries its percent: 生成中 40%. */
export const STATUS_TEXTS = { queued: '排队中', running: '生成中', succeeded: '成功', failed: '失败' } as const;

const refusal = (key: keyof typeof IMAGE_CODES, message: string, httpStatus = 200) => new AppError(IMAGE_CODES[key], message, httpStatus);

export const unsupported = () => refusal('unsupported', IMAGE_MESSAGES.unsupported);
export const taskNotFound = () => refusal('taskNotFound', IMAGE_MESSAGES.taskNotFound);
export const imageNotFound = (httpStatus = 200) => refusal('imageNotFound', IMAGE_MESSAGES.imageNotFound, httpStatus);
export const tooManyActive = () => refusal('tooManyActive', IMAGE_MESSAGES.tooManyActive);
export const badReference = (message: string = IMAGE_MESSAGES.badReference) => refusal('badReference', message);
export const actionUsed = () => refusal('actionUsed', IMAGE_MESSAGES.actionUsed);
export const unknownImageModel = () => new AppError(400, IMAGE_MESSAGES.unknownModel);
/** The chat's banned-content refusal (1901), word for word: one policy, one message. */
export const bannedContent = () => new AppError(CHAT_CODES.bannedContent.code, CHAT_CODES.bannedContent.msg);
export const taskRunning = () => new AppError(400, IMAGE_MESSAGES.taskRunning);
/** A tampered or expired image link: an <img> gets HTTP 403. */
export const badLink = () => new AppError(403, IMAGE_MESSAGES.badLink, 403);
