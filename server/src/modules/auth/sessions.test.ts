import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { LoginResult } from '@qiming/contracts';
import { decodeJwt, SignJWT } from 'jose';
import { ACCOUNT_TEST_ENV, call, data, register, uniquePhone } from '../../testing/accounts.js';
import { fakeRemoteBuild } from '../../testing/fakeRemoteBuild.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';

const SESSION_EXPIRED = { code: 401, data: null, msg: '登录状态已失效，请重新登录' };
const INVALID = { code: 401, data: null, msg: '刷新令牌无效' };

describe(`sessions: tokens, refresh, logout, auth hook (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, REFRESH_REUSE_GRACE_SECONDS: '1' });
  });
  after(() => t.close());

  const server = () => t.app.server;
  const refresh = (refreshToken: string) => call(server(), 'POST', `system/auth/refresh-token?refreshToken=${encodeURIComponent(refreshToken)}`);
  const refreshed = async (refreshToken: string) => {
    const response = await refresh(refreshToken);
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(response.json().code, 0, response.body);
    return response.json().data as LoginResult;
  };
  const userinfo = (accessToken: string) => call(server(), 'GET', 'system/user/userinfo', { token: accessToken });
  const assertRefused = async (response: Awaited<ReturnType<typeof call>>, body: object) => {
    assert.equal(response.statusCode, 401, response.body);
    assert.deepEqual(response.json(), body);
  };
  const signIn = async () => {
    const phone = uniquePhone();
    return { phone, session: await register(server(), { phone }, { password: 'abcdefg1' }) };
  };
  const loginAgain = (phone: string) => data<LoginResult>(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'abcdefg1' } });

  it('issues an HS256 access token with sub, sid and ver for 30 minutes, and an opaque refresh token', async () => {
    const { session } = await signIn();
    const claims = decodeJwt(session.accessToken);
    assert.equal(typeof claims.sub, 'string');
    assert.equal(typeof claims.sid, 'string');
    assert.equal(claims.ver, 0);
    assert.equal(claims.exp! - claims.iat!, 1800);
    assert.match(session.refreshToken, /^[A-Za-z0-9_-]{43}$/);
    const stored = await t.app.db.db.selectFrom('refresh_tokens').select('token_hash').execute();
    assert.ok(stored.every((row) => row.token_hash !== session.refreshToken && /^[0-9a-f]{64}$/.test(row.token_hash)), 'only hashes are stored');
  });

  it('rotates the refresh token on every refresh (query or JSON body)', async () => {
    const { session } = await signIn();
    const first = await refreshed(session.refreshToken);
    assert.notEqual(first.refreshToken, session.refreshToken);
    assert.equal(first.expiresIn, 1800);
    assert.equal(first.restIntegral, 0);
    assert.equal(decodeJwt(first.accessToken).sid, decodeJwt(session.accessToken).sid, 'same session');
    const second = await data<LoginResult>(server(), 'POST', 'system/auth/refresh-token', { payload: { refreshToken: first.refreshToken } });
    assert.equal((await userinfo(second.accessToken)).statusCode, 200);
  });

  it('accepts the same refresh token twice within the grace window (two tabs), both pairs live', async () => {
    const { session } = await signIn();
    const [a, b] = await Promise.all([refreshed(session.refreshToken), refreshed(session.refreshToken)]);
    assert.notEqual(a.refreshToken, b.refreshToken);
    for (const pair of [a, b]) {
      assert.equal((await userinfo(pair.accessToken)).statusCode, 200);
      assert.ok(await refreshed(pair.refreshToken));
    }
  });

  it('revokes the whole family when a rotated token comes back after the grace window', async () => {
    const { session } = await signIn();
    const newer = await refreshed(session.refreshToken);
    await sleep(1100);
    await assertRefused(await refresh(session.refreshToken), INVALID);
    await assertRefused(await refresh(newer.refreshToken), INVALID);
    await assertRefused(await userinfo(newer.accessToken), SESSION_EXPIRED);
  });

  it('answers 刷新令牌已过期 for an expired token and 刷新令牌无效 for an unknown or missing one', async () => {
    const { session } = await signIn();
    await t.app.db.db.updateTable('refresh_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('rotated_at', 'is', null).execute();
    await assertRefused(await refresh(session.refreshToken), { code: 401, data: null, msg: '刷新令牌已过期' });
    await assertRefused(await refresh('not-a-token-we-issued'), INVALID);
    await assertRefused(await call(server(), 'POST', 'system/auth/refresh-token'), INVALID);
    await assertRefused(await call(server(), 'POST', 'system/auth/refresh-token', { payload: { refreshToken: 42 } }), INVALID);
  });

  it('logout ends this session only', async () => {
    const { phone, session } = await signIn();
    const other = await loginAgain(phone);
    assert.deepEqual(await data(server(), 'POST', 'system/auth/logout', { token: session.accessToken }), null);
    await assertRefused(await refresh(session.refreshToken), INVALID);
    await assertRefused(await userinfo(session.accessToken), SESSION_EXPIRED);
    assert.equal((await userinfo(other.accessToken)).statusCode, 200);
    assert.ok(await refreshed(other.refreshToken));
    await assertRefused(await call(server(), 'POST', 'system/auth/logout'), SESSION_EXPIRED);
  });

  it('ending every session (token version) revokes access and refresh tokens of all of them', async () => {
    const { phone, session } = await signIn();
    const other = await loginAgain(phone);
    const userId = decodeJwt(session.accessToken).sub!;
    await t.app.auth.sessions.endAll(userId);
    for (const pair of [session, other]) {
      await assertRefused(await userinfo(pair.accessToken), SESSION_EXPIRED);
      await assertRefused(await refresh(pair.refreshToken), INVALID);
    }
    const fresh = await loginAgain(phone);
    assert.equal(decodeJwt(fresh.accessToken).ver, 1);
    assert.equal((await userinfo(fresh.accessToken)).statusCode, 200);
  });

  it('refuses missing, malformed, forged and expired access tokens with HTTP 401', async () => {
    const { session } = await signIn();
    const claims = decodeJwt(session.accessToken);
    const sign = (key: string, expiresAt: number) =>
      new SignJWT({ sid: claims.sid, ver: claims.ver }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub!).setIssuedAt(expiresAt - 1800).setExpirationTime(expiresAt).sign(new TextEncoder().encode(key));
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${session.accessToken.split('.')[1]}.`;
    const tokens = [
      'garbage',
      await sign(ACCOUNT_TEST_ENV.JWT_SECRET!, now - 10),
      await sign('another-secret-0123456789abcdefghijklmnop', now + 600),
      unsigned,
      `${session.accessToken}x`,
    ];
    for (const token of tokens) await assertRefused(await userinfo(token), SESSION_EXPIRED);
    await assertRefused(await call(server(), 'GET', 'system/user/userinfo'), SESSION_EXPIRED);
    await assertRefused(await call(server(), 'GET', 'system/user/userinfo', { headers: { authorization: `Basic ${session.accessToken}` } }), SESSION_EXPIRED);
    assert.equal((await userinfo(await sign(ACCOUNT_TEST_ENV.JWT_SECRET!, now + 600))).statusCode, 200, 'a token signed with the key is accepted');
  });

  it('puts a signed-in caller into the canary cohort of the user, and never fails the registry for a bad bearer', async () => {
    await t.app.platform.publish({ area: 'chat', buildDir: fakeRemoteBuild({ area: 'chat', version: '1.0.0' }) });
    await t.app.platform.activate('chat', '1.0.0');
    await t.app.platform.publish({ area: 'chat', buildDir: fakeRemoteBuild({ area: 'chat', version: '1.1.0' }) });
    await t.app.platform.canary('chat', '1.1.0', 50);
    const registry = (headers: Record<string, string>, anonId: string) =>
      server().inject({ method: 'GET', url: '/app-api/platform/remotes', headers, cookies: { qm_aid: anonId } });
    const versionOf = async (headers: Record<string, string>, anonId: string) => {
      const response = await registry(headers, anonId);
      assert.equal(response.json().code, 0);
      return response.json().data.areas.find((a: { area: string }) => a.area === 'chat').version as string;
    };
    const anonIds = Array.from({ length: 16 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    const anonymous = new Set(await Promise.all(anonIds.map((id) => versionOf({}, id))));
    assert.equal(anonymous.size, 2, 'anonymous callers split by their cookie');
    const { session } = await signIn();
    const signedIn = new Set(await Promise.all(anonIds.map((id) => versionOf({ authorization: `Bearer ${session.accessToken}` }, id))));
    assert.equal(signedIn.size, 1, 'a signed-in caller follows the user, whatever the cookie');
    assert.ok(await versionOf({ authorization: 'Bearer garbage' }, anonIds[0]!));
  });
});
