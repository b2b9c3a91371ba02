import { POINTS_CODES } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

/** Business codes of points refusals: the contract's own table (one source for both sides). */
export { POINTS_CODES };

/** The spec's text for insufficient points (stream code 602). */
export const INSUFFICIENT_MESSAGE = '积分不足，请及时充值';
export const UNKNOWN_MODEL_MESSAGE = '未知的模型';

export const insufficientPoints = () => new AppError(POINTS_CODES.insufficient, INSUFFICIENT_MESSAGE);
export const unknownModel = () => new AppError(400, UNKNOWN_MODEL_MESSAGE);
