import { PAPER_CHECK_CODES, PAPER_CHECK_LIMITS } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

/**
 * Every user-facing text of the module, in Chinese (the international edition's English is in
 * locale/enUS.ts, keyed by these).
 */
export const PAPER_MESSAGES = {
  noFile: '请选择要检测的论文文件',
  badType: '仅支持 PDF、DOCX、TXT 格式的论文',
  tooLarge: `论文文件过大，最大支持 ${PAPER_CHECK_LIMITS.maxBytes / 1024 / 1024} MB`,
  noText: '没有从文件中读到文字（扫描版 PDF 请先转成文字版）',
  tooShort: `论文内容过短（至少 ${PAPER_CHECK_LIMITS.minChars} 字），无法可靠检测`,
  tooLong: `论文超过 ${PAPER_CHECK_LIMITS.maxChars / 10_000} 万字，请拆分后分别检测`,
  noParagraphs: '论文中没有足够长的段落可供检测',
  badForm: '上传的表单格式不正确，请重新选择文件',
  documentNotFound: '论文不存在或已删除，请重新上传',
  checkNotFound: '检测记录不存在或已删除',
  checkBusy: '检测进行中，完成后才能删除',
  tooManyActive: '进行中的检测过多，请等待当前检测完成',
  // Why a check failed (PaperCheck.error).
  documentGone: '论文已删除，积分已退回',
  timedOut: '检测超时，积分已退回',
  queueTimedOut: '排队超时，积分已退回',
  interrupted: '服务重启，检测已中断，积分已退回',
  failed: '检测失败，积分已退回',
} as const;

export const STATUS_TEXTS = {
  queued: '排队中',
  running: '检测中',
  succeeded: '已完成',
  failed: '检测失败',
} as const;

const refusal = (key: keyof typeof PAPER_CHECK_CODES, message: string) => new AppError(PAPER_CHECK_CODES[key], message);

export const badDocument = (message: string) => refusal('badDocument', message);
export const documentNotFound = () => refusal('documentNotFound', PAPER_MESSAGES.documentNotFound);
export const checkNotFound = () => refusal('checkNotFound', PAPER_MESSAGES.checkNotFound);
export const checkBusy = () => refusal('checkBusy', PAPER_MESSAGES.checkBusy);
export const tooManyActive = () => refusal('tooManyActive', PAPER_MESSAGES.tooManyActive);
