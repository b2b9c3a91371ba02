import { DOC_CHAT_CODES, DOC_CHAT_LIMITS } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

/** Every user-facing text of the module, in Chinese (the international edition's English is in locale/enUS.ts, keyed by these). */
export const DOC_CHAT_MESSAGES = {
  notFound: '文档不存在或已删除',
  uploadMissing: '请先上传文件',
  notPdf: '文档对话支持 PDF 和 Word（.docx）文件，其他格式请先另存为 PDF 再上传',
  noText: '该 PDF 没有可提取的文字（可能是扫描件或图片），文档对话暂不支持识别扫描件中的文字',
  noTextWord: '该 Word 文档没有可提取的文字，文档对话需要有文字的文档',
  wordUnreadable: 'Word 文档转换失败：文件已损坏或格式不正确，请在 Word 中另存为 PDF 后再上传',
  wordTooManyPages: `文档页数过多（转换为 PDF 后超过 ${DOC_CHAT_LIMITS.maxPages} 页），最多支持 ${DOC_CHAT_LIMITS.maxPages} 页`,
  tooMany: `文档数量已达上限（${DOC_CHAT_LIMITS.perUser} 个），请删除不用的文档`,
} as const;

export const notFound = () => new AppError(DOC_CHAT_CODES.notFound, DOC_CHAT_MESSAGES.notFound);
export const uploadMissing = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.uploadMissing);
export const notPdf = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.notPdf);
export const noText = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.noText);
export const noTextWord = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.noTextWord);
export const wordUnreadable = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.wordUnreadable);
export const wordTooManyPages = () => new AppError(DOC_CHAT_CODES.badDocument, DOC_CHAT_MESSAGES.wordTooManyPages);
export const tooManyPages = (pages: number) => new AppError(DOC_CHAT_CODES.badDocument, `文档页数过多（${pages} 页），最多支持 ${DOC_CHAT_LIMITS.maxPages} 页`);
export const tooMany = () => new AppError(DOC_CHAT_CODES.tooMany, DOC_CHAT_MESSAGES.tooMany);
