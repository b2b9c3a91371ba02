import { CHAT_CODES, SLIDE_CODES } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

/**
 * Every user-facing text of the module, in Chinese (the international edition's English is in
 * locale/enUS.ts, keyed by these).
 */
export const SLIDE_MESSAGES = {
  deckNotFound: '演示文稿不存在或已删除',
  deckBusy: '演示文稿正在生成，请等待完成',
  outlineBusy: '大纲正在撰写，请稍候',
  needSource: '请输入主题或上传文档',
  bothSources: '主题和文档只能选一个',
  uploadNotFound: '文档不存在或已过期，请重新上传',
  uploadUnusable: '这个文档没有可读取的文字，请换一个文件',
  tooManyActive: '进行中的任务过多，请等待当前任务完成',
  outlineTooShort: '大纲至少需要 2 个章节',
  outlineEmptyTitle: '章节标题不能为空',
  // Why an outline or a generation failed (Deck.error).
  outlineFailed: '大纲生成失败，请重新生成',
  outlineInterrupted: '大纲生成中断，请重新生成',
  timedOut: '生成超时，积分已退回',
  queueTimedOut: '排队超时，积分已退回',
  interrupted: '服务重启，任务已中断，积分已退回',
  failed: '生成失败，积分已退回',
  deckGone: '演示文稿已删除',
} as const;

export const STATUS_TEXTS = {
  outlining: '正在撰写大纲',
  outlineFailed: '大纲生成失败',
  draft: '待生成',
  queued: '排队中',
  succeeded: '已完成',
  failed: '生成失败',
} as const;

/** 生成中 3/8 */
export const runningText = (done: number, total: number) => `生成中 ${done}/${total}`;

const refusal = (key: keyof typeof SLIDE_CODES, message: string) => new AppError(SLIDE_CODES[key], message);

export const deckNotFound = () => refusal('deckNotFound', SLIDE_MESSAGES.deckNotFound);
export const deckBusy = (message: string = SLIDE_MESSAGES.deckBusy) => refusal('deckBusy', message);
export const uploadUnusable = (message: string = SLIDE_MESSAGES.uploadUnusable) => refusal('uploadUnusable', message);
export const tooManyActive = () => refusal('tooManyActive', SLIDE_MESSAGES.tooManyActive);
export const badRequest = (message: string) => new AppError(400, message);
/** The chat's banned-content refusal (1901), word for word: one policy, one message. */
export const bannedContent = () => new AppError(CHAT_CODES.bannedContent.code, CHAT_CODES.bannedContent.msg);
