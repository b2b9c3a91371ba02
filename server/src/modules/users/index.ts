import type { Kysely } from 'kysely';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../../db/schema.js';
import type { ServerModule } from '../module.js';
import type { PointsReader } from './points.js';
import { UsersRepository } from './repository.js';
import { usersRoutes } from './routes.js';
import { UsersService } from './service.js';

export interface UsersDeps {
  db: Kysely<Database>;
  /** The sign-in module's answer for UserInfo. */
  signin: Pick<PointsReader, 'hasSignedInToday'>;
  requireUser: preHandlerAsyncHookHandler;
}

/** Users: accounts' rows, user info and settings. */
export function createUsersModule({ db, signin, requireUser }: UsersDeps): ServerModule<UsersService> {
  const service = new UsersService(new UsersRepository(db), signin);
  return { service, routes: (app) => usersRoutes(app, { service, requireUser }) };
}

export { UsersService, DuplicateAccountError, SPEECH_MODELS, VOICES, type UserInfoView, type LoginIdentifier } from './service.js';
export { UsersRepository, type User } from './repository.js';
export type { PointsBalance, PointsReader } from './points.js';
