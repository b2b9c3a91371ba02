import { DOC_CHAT_CODES, DOC_CHAT_LIMITS } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

/** Every user-facing text of the module, in Chinese (the international edition's English is in locale/enUS.ts, keyed by these). */
export const DOC_CHAT_MESSAGES = {
  notFound: '文档不存在或已删除',
  uploadMissing: '请先上传文件',
  notPdf: '文档对话目前只支持 PDF 文件，Word 等文档请先另存为 PDF 再上传',
  noText: '该 PDF 没有可提取的文字（可能是扫描件或图片），文档对话暂不支持识别扫描件中的文字',
  tooMany: `文档数量已达上限（${DOC_CHAT_LIMITS.perUser} 个），请删除不用的文档`,
} as const;

export const notFound = () => new AppError(DOC_CHAT_CODES.notFound, DOC_CHAT_MESSAGES.notFound);
export const uploadMissing = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.uploadMissing);
export const notPdf = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.notPdf);
export const noText = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.noText);
export const tooManyPages = (pages: number) => new AppError(DOC_CHAT_CODES.badDocument, `文档页数过多（${pages} 页），最多支持 ${DOC_CHAT_LIMITS.maxPages} 页`);
export const tooMany = () => new AppError(DOC_CHAT_CODES.tooMany, DOC_CHAT_MESSAGES.tooMany);
