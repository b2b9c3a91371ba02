export { ApiKeysService, MAX_KEYS_PER_USER } from './service.js';
export { ApiKeysRepository } from './repository.js';
export { apiKeysRoutes } from './routes.js';
