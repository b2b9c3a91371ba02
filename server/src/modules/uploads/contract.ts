import { FILE_CODES } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';

/** The files contract (codes, limits, the per-model type rule) the client reads too. */
export { FILE_CODES, FILE_LIMITS, uploadRuleFor, extensionOf, type UploadKind, type UploadResult, type UploadRule } from '@qiming/contracts';

export type FileCodeName = keyof typeof FILE_CODES;

/** A refusal of the upload calls: HTTP 200, a files code and a message the client shows as is. */
export const uploadError = (name: FileCodeName, message: string) => new AppError(FILE_CODES[name], message);

/** "20 MB" for the messages (the limits are whole MiB). */
export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
