import { createRequire } from 'node:module';
import type * as Contracts from '@qiming/sdk/contracts';
import { AppError } from '../../http/envelope.js';

/**
 * The SDK's files contract (codes, limits, the per-model type rule), required like the other SDK
 * tables: Node reads the SDK package as CommonJS, so an ESM import would not see its exports.
 */
export const { FILE_CODES, FILE_LIMITS, uploadRuleFor, extensionOf } = createRequire(import.meta.url)('@qiming/sdk/contracts') as typeof Contracts;

export type { UploadKind, UploadResult, UploadRule } from '@qiming/sdk/contracts';

export type FileCodeName = keyof typeof FILE_CODES;

/** A refusal of the upload calls: HTTP 200, a files code and a message the client shows as is. */
export const uploadError = (name: FileCodeName, message: string) => new AppError(FILE_CODES[name], message);

/** "20 MB" for the messages (the limits are whole MiB). */
export const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
