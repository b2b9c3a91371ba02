import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { LoginResult, SocialProvider } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, envelope } from '../../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../../testing/testApp.js';

const FAILED = { code: 1401, data: null, msg: '第三方登录失败，请重试' };
const ORIGIN = 'https://qiming.example';

/**
 * A fake OAuth2 / OIDC provider on 127.0.0.1: the token endpoint (form-encoded grant, client
 * credentials in the body) and a userinfo endpoint behind the bearer it issued.
 */
function startFakeProvider() {
  const tokenRequests: URLSearchParams[] = [];
  const users: Record<string, { sub: string; preferred_username?: string }> = {
    'code-alice': { sub: 'alice-001', preferred_username: 'alice' },
    'code-alice-again': { sub: 'alice-001', preferred_username: 'alice' },
    'code-bob': { sub: 'bob-002' },
  };
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const json = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (request.method === 'POST' && request.url === '/oauth/token') {
        const form = new URLSearchParams(raw);
        tokenRequests.push(form);
        if (form.get('client_id') !== 'fake-client' || form.get('client_secret') !== 'fake-secret') return json(401, { error: 'invalid_client' });
        const code = form.get('code') ?? '';
        if (form.get('grant_type') !== 'authorization_code' || !users[code]) return json(400, { error: 'invalid_grant' });
        return json(200, { access_token: `at-${code}`, token_type: 'bearer' });
      }
      if (request.method === 'GET' && request.url === '/oauth/userinfo') {
        const code = (request.headers.authorization ?? '').replace(/^Bearer at-/, '');
        return users[code] ? json(200, users[code]) : json(401, { error: 'invalid_token' });
      }
      if (request.url === '/oauth/broken-userinfo') return json(200, { name: 'no subject here' });
      response.writeHead(404).end();
    });
  });
  return {
    tokenRequests,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe(`social login (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const provider = startFakeProvider();
  let t: TestApp;
  before(async () => {
    const base = await provider.start();
    const entry = (id: string, name: string, userInfoUrl: string) => ({
      id,
      name,
      clientId: 'fake-client',
      clientSecret: 'fake-secret',
      authorizeUrl: `${base}/oauth/authorize`,
      tokenUrl: `${base}/oauth/token`,
      userInfoUrl,
      scope: 'openid profile',
    });
    t = await createTestApp({
      ...ACCOUNT_TEST_ENV,
      PUBLIC_ORIGIN: `${ORIGIN}/`,
      SOCIAL_PROVIDERS: JSON.stringify([entry('fake', 'Fake OIDC', `${base}/oauth/userinfo`), entry('broken', 'Broken', `${base}/oauth/broken-userinfo`)]),
      GITHUB_CLIENT_ID: 'gh-id',
      GITHUB_CLIENT_SECRET: 'gh-secret',
    });
  });
  after(async () => {
    await t.close();
    await provider.stop();
  });

  const server = () => t.app.server;
  /** GET authorize as the browser does (public: no signature), returning the state the provider would bring back. */
  const authorize = async (id: string) => {
    const response = await server().inject({ method: 'GET', url: `/app-api/public/social/authorize?provider=${id}` });
    assert.equal(response.statusCode, 302, response.body);
    const location = new URL(response.headers.location as string);
    return { location, state: location.searchParams.get('state')! };
  };
  const socialLogin = (payload: object) => envelope<LoginResult | null>(server(), 'POST', 'system/auth/social-login', { payload });
  const userOf = (result: LoginResult) => data<{ username: string; inviteCode: string }>(server(), 'GET', 'system/user/userinfo', { token: result.accessToken });

  it('lists the configured providers, GitHub from its two variables', async () => {
    const response = await server().inject({ method: 'GET', url: '/app-api/public/social/providers' });
    assert.deepEqual(response.json().data as SocialProvider[], [
      { id: 'fake', name: 'Fake OIDC' },
      { id: 'broken', name: 'Broken' },
      { id: 'github', name: 'GitHub' },
    ]);
  });

  it('authorize redirects to the provider with client, redirect_uri, scope and a state', async () => {
    const { location, state } = await authorize('fake');
    assert.equal(location.pathname, '/oauth/authorize');
    assert.equal(location.searchParams.get('response_type'), 'code');
    assert.equal(location.searchParams.get('client_id'), 'fake-client');
    assert.equal(location.searchParams.get('redirect_uri'), `${ORIGIN}/social-login?provider=fake`);
    assert.equal(location.searchParams.get('scope'), 'openid profile');
    assert.match(state, /^[A-Za-z0-9_-]{32}$/);

    const github = await authorize('github');
    assert.equal(`${github.location.origin}${github.location.pathname}`, 'https://github.com/login/oauth/authorize');
    assert.equal(github.location.searchParams.get('redirect_uri'), `${ORIGIN}/social-login?provider=github`);

    assert.deepEqual((await server().inject({ method: 'GET', url: '/app-api/public/social/authorize?provider=nope' })).json(), FAILED);
    assert.equal((await server().inject({ method: 'GET', url: '/app-api/public/social/authorize' })).json().code, 400);
  });

  it('exchanges code and state for a session; the same subject is the same user; a state works once', async () => {
    const { state } = await authorize('fake');
    const first = await socialLogin({ provider: 'fake', code: 'code-alice', state });
    assert.equal(first.code, 0, first.msg);
    const alice = await userOf(first.data!);
    assert.equal(alice.username, 'alice');
    const grant = provider.tokenRequests.at(-1)!;
    assert.equal(grant.get('redirect_uri'), `${ORIGIN}/social-login?provider=fake`);
    assert.equal(grant.get('code'), 'code-alice');

    assert.deepEqual(await socialLogin({ provider: 'fake', code: 'code-alice', state }), FAILED, 'state reuse');

    const again = await socialLogin({ provider: 'fake', code: 'code-alice-again', state: (await authorize('fake')).state });
    assert.equal((await userOf(again.data!)).inviteCode, alice.inviteCode);

    const bob = await socialLogin({ provider: 'fake', code: 'code-bob', state: (await authorize('fake')).state });
    assert.match((await userOf(bob.data!)).username, /^Fake OIDC用户\d{4}$/, 'no username from the provider');
    const identity = await t.app.db.db.selectFrom('social_identities').selectAll().where('subject', '=', 'bob-002').executeTakeFirstOrThrow();
    assert.equal(identity.provider, 'fake');
  });

  it('refuses unknown states, another provider’s state, bad codes and broken profiles with 1401', async () => {
    assert.deepEqual(await socialLogin({ provider: 'fake', code: 'code-alice', state: 'never-issued' }), FAILED);
    assert.deepEqual(await socialLogin({ provider: 'github', code: 'code-alice', state: (await authorize('fake')).state }), FAILED);
    assert.deepEqual(await socialLogin({ provider: 'nope', code: 'code-alice', state: (await authorize('fake')).state }), FAILED);
    const stateOfBadCode = (await authorize('fake')).state;
    assert.deepEqual(await socialLogin({ provider: 'fake', code: 'stolen-code', state: stateOfBadCode }), FAILED);
    assert.deepEqual(await socialLogin({ provider: 'fake', code: 'code-alice', state: stateOfBadCode }), FAILED, 'a failed attempt uses its state up');
    assert.deepEqual(await socialLogin({ provider: 'broken', code: 'code-alice', state: (await authorize('broken')).state }), FAILED);
  });

  it('refuses missing fields and unsigned calls', async () => {
    assert.equal((await socialLogin({ provider: 'fake', code: 'code-alice' })).code, 400);
    assert.equal((await socialLogin({})).code, 400);
    const unsigned = await server().inject({ method: 'POST', url: '/app-api/system/auth/social-login', payload: { provider: 'fake', code: 'x', state: 'y' } });
    assert.equal(unsigned.json().code, 4001);
  });
});
