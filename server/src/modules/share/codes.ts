import { SHARE_CODES } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

export { SHARE_CODES, sharePath } from '@qiming/contracts';

/** A page that was never published, was revoked, or whose conversation is gone: HTTP 404 with the envelope. */
export const shareNotFound = () => new AppError(SHARE_CODES.shareNotFound, '分享不存在或已被取消', 404);
export const conversationEmpty = () => new AppError(SHARE_CODES.conversationEmpty, '对话中还没有可分享的回答');
export const tooManyReads = () => new AppError(429, '访问过于频繁，请稍后再试', 429);
