export { SigninService, ALREADY_SIGNED_IN_MESSAGE } from './service.js';
export { SigninRepository } from './repository.js';
export { signinRoutes } from './routes.js';
