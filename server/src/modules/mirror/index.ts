import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { ServerConfig } from '../../config.js';
import type { DialectName } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Log } from '../../log.js';
import { persistentSecret } from '../../secrets.js';
import type { ServerModule } from '../module.js';
import { CredentialBox } from './credentials.js';
import { MIRROR_USAGE, runMirrorCommand } from './opsCommands.js';
import { MirrorRepository } from './repository.js';
import { mirrorRoutes } from './routes.js';
import { MirrorService } from './service.js';

export interface MirrorDeps {
  db: Kysely<Database>;
  dialect: DialectName;
  config: ServerConfig;
  now: Clock;
  log: Log;
  requireUser: preHandlerAsyncHookHandler;
  userIdOf(request: FastifyRequest): Promise<string | null>;
  /** Invited users who registered and used the product (extra uses per day, capped). */
  invitedUsers(userId: string): Promise<number>;
  /** The provider calls' fetch (tests); the global fetch by default. */
  fetch?: typeof fetch;
  /** What `pnpm ops mirror car … --credential-env` reads. */
  env?: NodeJS.ProcessEnv;
}

/** The mirror site /oaifree and /oai (spec platform §1, §2, §4, §7); `pnpm ops mirror`. */
export function createMirrorModule(deps: MirrorDeps): ServerModule<MirrorService> {
  const repo = new MirrorRepository(deps.db, deps.dialect);
  const box = new CredentialBox(deps.config.mirror.secretKey ?? persistentSecret(deps.config.dataDir, 'mirrorCredentialKey'));
  const service = new MirrorService({ repo, box, config: deps.config.mirror, now: deps.now, log: deps.log, invitedUsers: deps.invitedUsers, fetch: deps.fetch });
  return {
    service,
    routes: (app) => mirrorRoutes(app, { service, requireUser: deps.requireUser, userIdOf: deps.userIdOf }),
    opsCommands: { mirror: { usage: MIRROR_USAGE, run: (argv, print) => runMirrorCommand(argv, print, { repo, box, now: deps.now, env: deps.env ?? process.env }) } },
  };
}

export { MirrorService } from './service.js';
export { MirrorRepository } from './repository.js';
export { MIRROR_USAGE } from './opsCommands.js';
