export { InvitesService } from './service.js';
export { InvitesRepository } from './repository.js';
export { invitesRoutes } from './routes.js';
