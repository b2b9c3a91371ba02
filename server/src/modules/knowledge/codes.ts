import { KNOWLEDGE_CODES, KNOWLEDGE_LIMITS } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

export { KNOWLEDGE_CODES, KNOWLEDGE_LIMITS };

export const KNOWLEDGE_NOT_FOUND_MESSAGE = '知识库不存在或无权访问';

export const knowledgeNotFound = () => new AppError(KNOWLEDGE_CODES.notFound, KNOWLEDGE_NOT_FOUND_MESSAGE);
export const notOwner = () => new AppError(KNOWLEDGE_CODES.notOwner, '无权修改该知识库');
export const tooManyBases = (max: number) => new AppError(KNOWLEDGE_CODES.tooManyBases, `知识库数量已达上限（${max} 个）`);
export const tooManyDocuments = (max: number) => new AppError(KNOWLEDGE_CODES.tooManyDocuments, `该知识库的文档数量已达上限（${max} 个）`);
export const storageFull = (megabytes: number) => new AppError(KNOWLEDGE_CODES.storageFull, `知识库文件总大小已达上限（${megabytes} MB）`);
export const bannedTitle = () => new AppError(KNOWLEDGE_CODES.bannedWords, '标题包含违规词，请修改后再提交');
export const itemNotFound = () => new AppError(KNOWLEDGE_CODES.itemNotFound, '文档不存在或已被删除');
export const invalidField = {
  titleMissing: () => new AppError(KNOWLEDGE_CODES.invalidField, '请填写知识库名称'),
  tooLong: (label: string, max: number) => new AppError(KNOWLEDGE_CODES.invalidField, `${label}不能超过${max}个字`),
  uploadsMissing: () => new AppError(KNOWLEDGE_CODES.invalidField, '请先上传文件'),
};

/** Why a document failed: what its owner reads after 失败. */
export const INGEST_MESSAGES = {
  uploadGone: '文件不存在或已被删除',
  noText: '未能从文件中识别出文字',
  tooManyAttempts: '解析多次中断，请重新索引',
  failed: '解析失败，请重新索引',
  embeddingFailed: (reason: string) => `向量化失败（${reason}），请稍后重新索引`,
};
