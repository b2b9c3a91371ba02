export { UsersService, DuplicateAccountError, SPEECH_MODELS, VOICES, type UserInfoView, type LoginIdentifier } from './service.js';
export { UsersRepository, type User } from './repository.js';
export { usersRoutes } from './routes.js';
export type { PointsBalance, PointsReader } from './points.js';
