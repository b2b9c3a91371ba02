import { CHAT_CODES } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

/** Business codes of the chat calls: the contract's own table (one source for both sides). */
export { CHAT_CODES };

type ChatCodeName = keyof typeof CHAT_CODES;

export const chatError = (name: ChatCodeName) => new AppError(CHAT_CODES[name].code, CHAT_CODES[name].msg);
/** A group or node that is missing or another user's: the same answer, so ids reveal nothing. */
export const conversationNotFound = () => chatError('conversationNotFound');
export const parentNotFound = () => chatError('parentNotFound');
