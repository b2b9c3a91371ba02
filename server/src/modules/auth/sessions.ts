import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { LoginResult } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';
import type { PointsBalance } from '../users/points.js';
import type { AccessTokens } from './accessTokens.js';
import type { AuthenticatedUser } from '../../http/requestUser.js';
import type { SessionRepository } from './sessionRepository.js';

export const REFRESH_TOKEN_INVALID = '刷新令牌无效';
export const REFRESH_TOKEN_EXPIRED = '刷新令牌已过期';

export interface SessionOptions {
  refreshTokenSeconds: number;
  /** How long an already exchanged refresh token is still accepted (two tabs refreshing at once). */
  reuseGraceSeconds: number;
  balanceOf(userId: string): Promise<PointsBalance>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Sessions: a login starts a family of refresh tokens; every refresh exchanges the token for a new
 * one. A token presented again after the grace window means it was copied: the family ends.
 */
export class SessionService {
  constructor(
    private readonly repo: SessionRepository,
    private readonly accessTokens: AccessTokens,
    private readonly options: SessionOptions,
  ) {}

  async start(user: { id: string; token_version: number }): Promise<LoginResult> {
    const sessionId = randomUUID();
    await this.repo.createSession(sessionId, user.id, new Date().toISOString());
    return this.issue(user.id, sessionId, user.token_version);
  }

  async refresh(refreshToken: string): Promise<LoginResult> {
    const hash = sha256(refreshToken);
    let state = await this.repo.refreshTokenState(hash);
    if (!state || state.session_revoked_at) throw refused(REFRESH_TOKEN_INVALID);
    const now = new Date();
    if (Date.parse(state.expires_at) <= now.getTime()) throw refused(REFRESH_TOKEN_EXPIRED);

    if (!state.rotated_at) {
      if (await this.repo.markRotated(hash, now.toISOString())) {
        await this.repo.pruneExpired(state.session_id, now.toISOString());
        return this.issue(state.user_id, state.session_id, state.token_version);
      }
      state = (await this.repo.refreshTokenState(hash))!; // exchanged by a concurrent call just now
      if (state.session_revoked_at) throw refused(REFRESH_TOKEN_INVALID);
    }
    if (now.getTime() - Date.parse(state.rotated_at!) <= this.options.reuseGraceSeconds * 1000) {
      return this.issue(state.user_id, state.session_id, state.token_version);
    }
    await this.repo.revokeSession(state.session_id, now.toISOString());
    throw refused(REFRESH_TOKEN_INVALID);
  }

  /** Logout: this session's refresh tokens and access tokens stop working. */
  async end(sessionId: string): Promise<void> {
    await this.repo.revokeSession(sessionId, new Date().toISOString());
  }

  /** Every session of the user ends (password reset, "log out everywhere"). */
  async endAll(userId: string): Promise<void> {
    await this.repo.revokeEverything(userId, new Date().toISOString());
  }

  async authenticate(accessToken: string): Promise<AuthenticatedUser | null> {
    const claims = await this.accessTokens.verify(accessToken);
    if (!claims) return null;
    const check = await this.repo.sessionCheck(claims.sessionId, claims.userId);
    if (!check || check.revoked_at || check.token_version !== claims.version) return null;
    return { id: claims.userId, sessionId: claims.sessionId };
  }

  private async issue(userId: string, sessionId: string, version: number): Promise<LoginResult> {
    const refreshToken = randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.repo.insertRefreshToken({
      token_hash: sha256(refreshToken),
      session_id: sessionId,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + this.options.refreshTokenSeconds * 1000).toISOString(),
    });
    const accessToken = await this.accessTokens.issue({ userId, sessionId, version });
    return { accessToken, refreshToken, expiresIn: this.accessTokens.lifetimeSeconds, ...(await this.options.balanceOf(userId)) };
  }
}

function refused(message: string): AppError {
  return new AppError(401, message, 401);
}
