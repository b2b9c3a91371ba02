import { AppError } from '../../http/envelope.js';

/**
 * Business codes of points refusals: a typed copy of the SDK contract's POINTS_CODES (a TS module,
 * not JSON, so it cannot be read at run time); the type makes any drift a compile error.
 */
export const POINTS_CODES: typeof import('@qiming/sdk/contracts').POINTS_CODES = {
  insufficient: 602,
  alreadySignedIn: 1601,
  cdKeyUnknown: 1701,
  cdKeyUsed: 1702,
  cdKeyExpired: 1703,
  modelRestricted: 1801,
};

/** The spec's text for insufficient points (stream code 602). */
export const INSUFFICIENT_MESSAGE = '积分不足，请及时充值';
export const UNKNOWN_MODEL_MESSAGE = '未知的模型';

export const insufficientPoints = () => new AppError(POINTS_CODES.insufficient, INSUFFICIENT_MESSAGE);
export const unknownModel = () => new AppError(400, UNKNOWN_MODEL_MESSAGE);
