import type { Kysely } from 'kysely';
import type { ServerConfig } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { createAuthGuard, type AuthGuard } from '../../http/requestUser.js';
import type { Log } from '../../log.js';
import { persistentSecret } from '../../secrets.js';
import type { ServerModule } from '../module.js';
import type { SharedState } from '../../sharedState/index.js';
import type { PointsReader } from '../users/points.js';
import type { UsersService } from '../users/service.js';
import { AccessTokens } from './accessTokens.js';
import { AccountService, type CodeVerifier } from './accounts.js';
import { LoginLimiter } from './loginLimiter.js';
import { authRoutes } from './routes.js';
import { SessionRepository } from './sessionRepository.js';
import { SessionService } from './sessions.js';
import { socialRoutes } from './social/routes.js';
import { SocialLoginService } from './social/service.js';
import { OfficialAccountClient } from './wechat/officialAccount.js';
import { localConfirmProvider, officialAccountProvider, unavailableProvider } from './wechat/providers.js';
import { wechatRoutes } from './wechat/routes.js';
import { WechatLoginService } from './wechat/service.js';
import { QrTickets } from './wechat/tickets.js';

export type AuthConfig = Pick<
  ServerConfig,
  'dataDir' | 'devStandIns' | 'jwtSecret' | 'accessTokenMinutes' | 'refreshTokenDays' | 'refreshReuseGraceSeconds' | 'loginLimits' | 'publicOrigin' | 'wechat' | 'socialProviders'
>;

export interface AuthDeps {
  db: Kysely<Database>;
  config: AuthConfig;
  sharedState: SharedState;
  users: UsersService;
  /** The verification module. */
  codes: CodeVerifier;
  /** The points balance LoginResult carries. */
  points: Pick<PointsReader, 'balanceOf'>;
  log: Log;
}

export interface Auth {
  guard: AuthGuard;
  sessions: SessionService;
  accounts: AccountService;
  wechat: WechatLoginService;
  social: SocialLoginService;
}

/** Accounts and sessions wired together: tokens, login limits, WeChat QR and social login, and every account and session route. */
export function createAuthModule({ db, config, sharedState, users, codes, points, log }: AuthDeps): ServerModule<Auth> {
  const accessTokens = new AccessTokens(config.jwtSecret ?? persistentSecret(config.dataDir, 'jwt'), config.accessTokenMinutes * 60);
  const sessions = new SessionService(new SessionRepository(db), accessTokens, {
    refreshTokenSeconds: config.refreshTokenDays * 86_400,
    reuseGraceSeconds: config.refreshReuseGraceSeconds,
    balanceOf: (userId) => points.balanceOf(userId),
  });
  const guard = createAuthGuard(sessions);
  const accounts = new AccountService(users, sessions, new LoginLimiter(sharedState, config.loginLimits), codes);
  const official = config.wechat.official;
  // Without an official account: the local confirm page only when that stand-in is on (never by default in production).
  const provider = official ? officialAccountProvider(new OfficialAccountClient(official, sharedState)) : config.devStandIns.wechatLocalConfirm ? localConfirmProvider : unavailableProvider;
  const wechat = new WechatLoginService(
    new QrTickets(sharedState, config.wechat.qrSeconds),
    provider,
    users,
    sessions,
    log,
  );
  const social = new SocialLoginService(config.socialProviders, sharedState, users, sessions, log);

  return {
    service: { guard, sessions, accounts, wechat, social },
    async routes(app) {
      await app.register(authRoutes, { accounts, sessions, requireUser: guard.requireUser });
      await app.register(wechatRoutes, { service: wechat, publicOrigin: config.publicOrigin, pushToken: official?.token });
      await app.register(socialRoutes, { service: social, publicOrigin: config.publicOrigin });
    },
  };
}

export { AUTH_CODES } from './codes.js';
export type { CodeVerifier } from './accounts.js';
export { SessionService } from './sessions.js';
