import { createRequire } from 'node:module';
import { AppError } from '../../http/envelope.js';

/** Business codes of points refusals: the SDK contract's own table (one file for both sides). */
export const POINTS_CODES = createRequire(import.meta.url)('@qiming/sdk/contracts/points-codes.json') as typeof import('@qiming/sdk/contracts').POINTS_CODES;

/** The spec's text for insufficient points (stream code 602). */
export const INSUFFICIENT_MESSAGE = '积分不足，请及时充值';
export const UNKNOWN_MODEL_MESSAGE = '未知的模型';

export const insufficientPoints = () => new AppError(POINTS_CODES.insufficient, INSUFFICIENT_MESSAGE);
export const unknownModel = () => new AppError(400, UNKNOWN_MODEL_MESSAGE);
