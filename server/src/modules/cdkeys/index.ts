export { CdkeysService, CdkeyInputError, CDKEY_MESSAGES, MAX_BATCH_SIZE, endOfChinaDay, type NewBatch } from './service.js';
export { CdkeysRepository } from './repository.js';
export { canonicalCdkey, hashCdkey, maskedCdkey, randomCdkey, CDKEY_ALPHABET } from './codeFormat.js';
export { cdkeysRoutes } from './routes.js';
