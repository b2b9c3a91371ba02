import { createRequire } from 'node:module';
import { AppError } from '../../http/envelope.js';

/** Business codes of the chat calls: the SDK contract's own table (one file for both sides). */
export const CHAT_CODES = createRequire(import.meta.url)('@qiming/sdk/contracts/chat-codes.json') as typeof import('@qiming/sdk/contracts').CHAT_CODES;

type ChatCodeName = keyof typeof CHAT_CODES;

export const chatError = (name: ChatCodeName) => new AppError(CHAT_CODES[name].code, CHAT_CODES[name].msg);
/** A group or node that is missing or another user's: the same answer, so ids reveal nothing. */
export const conversationNotFound = () => chatError('conversationNotFound');
export const parentNotFound = () => chatError('parentNotFound');
