import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  sessionId: string;
  /** The user's token_version when it was issued. */
  version: number;
}

/** Short-lived HS256 JWTs: sub = user id, sid = session id, ver = token version. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly lifetimeSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId, ver: claims.version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.lifetimeSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a token this server signed that has not expired; null for anything else. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      const { sub, sid, ver } = payload;
      if (typeof sub !== 'string' || typeof sid !== 'string' || typeof ver !== 'number') return null;
      return { userId: sub, sessionId: sid, version: ver };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}
