import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { raiseTokenVersion } from '../users/queries.js';

export interface RefreshTokenState {
  session_id: string;
  expires_at: string;
  rotated_at: string | null;
  session_revoked_at: string | null;
  user_id: string;
  token_version: number;
}

/** SQL of sessions and their refresh tokens; the same queries on SQLite and PostgreSQL. */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async createSession(id: string, userId: string, createdAt: string): Promise<void> {
    await this.db.insertInto('sessions').values({ id, user_id: userId, created_at: createdAt, revoked_at: null }).execute();
  }

  async insertRefreshToken(token: { token_hash: string; session_id: string; created_at: string; expires_at: string }): Promise<void> {
    await this.db.insertInto('refresh_tokens').values({ ...token, rotated_at: null }).execute();
  }

  refreshTokenState(tokenHash: string): Promise<RefreshTokenState | undefined> {
    return this.db
      .selectFrom('refresh_tokens')
      .innerJoin('sessions', 'sessions.id', 'refresh_tokens.session_id')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['refresh_tokens.session_id', 'refresh_tokens.expires_at', 'refresh_tokens.rotated_at', 'sessions.revoked_at as session_revoked_at', 'users.id as user_id', 'users.token_version'])
      .where('refresh_tokens.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  /** Marks the token exchanged; false when another call already did (two refreshes at once). */
  async markRotated(tokenHash: string, at: string): Promise<boolean> {
    const result = await this.db.updateTable('refresh_tokens').set({ rotated_at: at }).where('token_hash', '=', tokenHash).where('rotated_at', 'is', null).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Expired tokens of a session are kept no longer: reusing one answers "expired" anyway. */
  async pruneExpired(sessionId: string, now: string): Promise<void> {
    await this.db.deleteFrom('refresh_tokens').where('session_id', '=', sessionId).where('expires_at', '<=', now).execute();
  }

  async revokeSession(sessionId: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ revoked_at: at }).where('id', '=', sessionId).where('revoked_at', 'is', null).execute();
  }

  /** Whether an access token's session is live and its version current. */
  sessionCheck(sessionId: string, userId: string): Promise<{ revoked_at: string | null; token_version: number } | undefined> {
    return this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['sessions.revoked_at', 'users.token_version'])
      .where('sessions.id', '=', sessionId)
      .where('sessions.user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Raises the user's token version and revokes every session, together. */
  async revokeEverything(userId: string, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await raiseTokenVersion(trx, userId, at);
      await trx.updateTable('sessions').set({ revoked_at: at }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    });
  }
}
