/** @jest-environment node */
import { defaultConfig, type SdkConfig } from './config';
import { createRequestClient, type RequestClientDeps, type ToastKind } from './client';
import { MESSAGES, REFRESH_TOKEN_INVALID } from './messages';
import { startTestServer, verifySignature } from './testServer';

const ok = (data: unknown) => ({ code: 0, data, msg: '' });

interface Toast {
  kind: ToastKind;
  message: string;
  durationMs?: number;
}

function setup(config: SdkConfig, overrides: Partial<RequestClientDeps> = {}, tokens = { access: 'old-token', refresh: 'refresh-1' as string | null }) {
  const toasts: Toast[] = [];
  const state = { ...tokens, loginstate: 'true', expiredEvents: 0, announced: false, pathname: '/pay' };
  const client = createRequestClient({
    config: () => config,
    adapter: 'http',
    session: {
      accessToken: () => state.access,
      refreshToken: () => state.refresh,
      setTokens: (access, refresh) => {
        state.access = access;
        if (refresh) state.refresh = refresh;
      },
      markSessionExpired: () => void (state.loginstate = 'false'),
    },
    notify: (kind, message, durationMs) => toasts.push({ kind, message, durationMs }),
    pathname: () => state.pathname,
    onSessionExpired: ({ announced }) => {
      state.expiredEvents++;
      state.announced = announced;
    },
    ...overrides,
  });
  client.markInitialised();
  return { client, toasts, state };
}

describe('request client against a real server', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let refreshCalls = 0;
  let validToken = 'new-token';
  let refreshAnswer: () => unknown = () => ok({ accessToken: validToken, refreshToken: 'refresh-2', restIntegral: 10, restIntegral2: 5 });

  beforeAll(async () => {
    server = await startTestServer({
      '/app-api/system/user/userinfo': (req, reply) => {
        const signature = verifySignature(req.headers);
        if (signature === 'skew') return reply(200, { code: 4002, data: { serverTime: Math.floor(Date.now() / 1000) }, msg: '设备时间与服务器相差过大' });
        if (signature !== 'ok') return reply(200, { code: 4001, data: null, msg: '请求签名无效' });
        if (req.headers.authorization !== `Bearer ${validToken}`) return reply(401, { code: 401, data: null, msg: '未登录' });
        reply(200, ok({ username: 'tester' }));
      },
      '/app-api/system/auth/refresh-token': async (req, reply) => {
        refreshCalls++;
        await new Promise((r) => setTimeout(r, 50));
        expect(req.query.get('refreshToken')).toBeTruthy();
        reply(200, refreshAnswer());
      },
      '/app-api/captcha/get': (req, reply) => reply(200, ok({ auth: req.headers.authorization ?? null })),
      '/app-api/server-error': (_req, reply) => reply(200, { code: 500, data: null, msg: '服务器开小差了' }),
      '/app-api/business-error': (_req, reply) => reply(200, { code: 1002, data: null, msg: '余额不足' }),
      '/app-api/silent-error': (_req, reply) => reply(200, { code: 1003, data: null, msg: REFRESH_TOKEN_INVALID }),
      '/app-api/points/quote': (_req, reply) => reply(200, { code: 602, data: null, msg: '积分不足，请及时充值' }),
      '/app-api/bad-gateway': (_req, reply) => reply(502, 'bad gateway'),
      '/app-api/slow': async (_req, reply) => {
        await new Promise((r) => setTimeout(r, 400));
        reply(200, ok(null));
      },
      '/app-api/backend-api/generateSpeech': (_req, reply) => reply(200, Buffer.from([1, 2, 3, 4])),
      '/app-api/backend-api/uploadFile': (req, reply) => reply(200, ok({ size: req.body.length, type: req.headers['content-type'] })),
      '/app-api/echo': (req, reply) => reply(200, ok({ query: Object.fromEntries(req.query), body: req.body.toString() })),
    });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    refreshCalls = 0;
    validToken = 'new-token';
    refreshAnswer = () => ok({ accessToken: validToken, refreshToken: 'refresh-2', restIntegral: 10, restIntegral2: 5 });
  });

  it('signs every call so the server accepts it, with a fresh nonce each time', async () => {
    const { client } = setup(defaultConfig(server.origin), {}, { access: 'new-token', refresh: 'r' });
    await expect(client.get('system/user/userinfo')).resolves.toEqual(ok({ username: 'tester' }));
    await client.get('system/user/userinfo');
    const nonces = server.received.slice(-2).map((r) => r.headers.type);
    expect(nonces[0]).not.toEqual(nonces[1]);
  });

  it('five concurrent 401s cause exactly one refresh and all five replay', async () => {
    const refreshed: unknown[] = [];
    const { client, state } = setup(defaultConfig(server.origin), { onRefreshed: (data) => refreshed.push(data) });
    const results = await Promise.all(Array.from({ length: 5 }, () => client.get('system/user/userinfo')));
    expect(results).toEqual(Array(5).fill(ok({ username: 'tester' })));
    expect(refreshCalls).toBe(1);
    expect(state.access).toBe('new-token');
    expect(state.refresh).toBe('refresh-2');
    expect(refreshed).toEqual([{ accessToken: 'new-token', refreshToken: 'refresh-2', restIntegral: 10, restIntegral2: 5 }]);
  });

  it('without a refresh token: the session-expired message, loginstate false, no refresh call', async () => {
    const { client, toasts, state } = setup(defaultConfig(server.origin), {}, { access: 'stale', refresh: null });
    await expect(client.get('system/user/userinfo')).rejects.toMatchObject({ code: 401, kind: 'session' });
    expect(refreshCalls).toBe(0);
    expect(state.loginstate).toBe('false');
    expect(state.expiredEvents).toBe(1);
    expect(toasts).toEqual([{ kind: 'error', message: MESSAGES.sessionExpired, durationMs: undefined }]);
  });

  it('a refused refresh (invalid refresh token) ends the session at once, quietly on the chat page', async () => {
    refreshAnswer = () => ({ code: 401, data: null, msg: REFRESH_TOKEN_INVALID });
    const { client, toasts, state } = setup(defaultConfig(server.origin));
    state.pathname = '/chatPage';
    await expect(client.get('system/user/userinfo')).rejects.toMatchObject({ kind: 'session' });
    expect(refreshCalls).toBe(1);
    expect(state.loginstate).toBe('false');
    expect(toasts).toEqual([]);
  });

  it('an ended session is announced once however many calls meet it, and leads to the login page except on quiet pages', async () => {
    refreshAnswer = () => ({ code: 401, data: null, msg: REFRESH_TOKEN_INVALID });
    const { client, toasts, state } = setup(defaultConfig(server.origin));
    await Promise.allSettled([client.get('system/user/userinfo'), client.get('system/user/userinfo')]);
    await expect(client.get('system/user/userinfo')).rejects.toMatchObject({ kind: 'session' });
    expect(toasts.map((t) => t.message)).toEqual([MESSAGES.sessionExpired]);
    expect(state.expiredEvents).toBe(1);
    expect(state.announced).toBe(true);

    // A new sign-in is a new session: its end is announced again, here quietly on the trace page.
    state.access = 'another-token';
    state.pathname = '/trace';
    await expect(client.get('system/user/userinfo')).rejects.toMatchObject({ kind: 'session' });
    expect(state.expiredEvents).toBe(2);
    expect(state.announced).toBe(false);
    expect(toasts).toHaveLength(1);
  });

  it('a refresh that answers an error ends the session with the message elsewhere', async () => {
    refreshAnswer = () => ({ code: 500, data: null, msg: 'boom' });
    const { client, toasts } = setup(defaultConfig(server.origin));
    await expect(client.get('system/user/userinfo')).rejects.toMatchObject({ kind: 'session' });
    expect(toasts.map((t) => t.message)).toEqual([MESSAGES.sessionExpired]);
  });

  it('a skewed device clock is corrected from the server time and the call retried once', async () => {
    const { client } = setup(defaultConfig(server.origin), { nowMs: () => Date.now() - 1000_000 }, { access: 'new-token', refresh: 'r' });
    await expect(client.get('system/user/userinfo')).resolves.toEqual(ok({ username: 'tester' }));
    const last = server.received.at(-1)!;
    expect(verifySignature(last.headers)).toBe('ok');
  });

  it('retries a network error on the alternate origin', async () => {
    const dead = 'http://127.0.0.1:9';
    const config = { ...defaultConfig(dead), alternateOrigins: [dead, server.origin] };
    const { client, toasts } = setup(config, {}, { access: 'new-token', refresh: 'r' });
    await expect(client.get('system/user/userinfo')).resolves.toEqual(ok({ username: 'tester' }));
    expect(toasts).toEqual([]);
  });

  it('with one origin a network error shows the maintenance message', async () => {
    const { client, toasts } = setup(defaultConfig('http://127.0.0.1:9'));
    await expect(client.get('system/user/userinfo')).rejects.toMatchObject({ kind: 'network', message: MESSAGES.networkError });
    expect(toasts.map((t) => t.message)).toEqual([MESSAGES.networkError]);
  });

  it('shows the timeout message', async () => {
    const { client, toasts } = setup(defaultConfig(server.origin), { timeoutMs: () => 100 });
    await expect(client.get('slow')).rejects.toMatchObject({ kind: 'timeout' });
    expect(toasts.map((t) => t.message)).toEqual([MESSAGES.timeout]);
  });

  it('maps HTTP statuses and envelope codes to the catalogue', async () => {
    const { client, toasts } = setup(defaultConfig(server.origin));
    await expect(client.get('no-such-call')).rejects.toMatchObject({ code: 404, message: MESSAGES.networkError });
    await expect(client.get('bad-gateway')).rejects.toMatchObject({ code: 502, message: '系统接口502异常' });
    await expect(client.get('server-error')).rejects.toMatchObject({ code: 500, message: '服务器开小差了' });
    await expect(client.get('business-error')).rejects.toMatchObject({ code: 1002, message: '余额不足' });
    await expect(client.get('silent-error')).rejects.toMatchObject({ code: 1003 });
    expect(toasts).toEqual([
      { kind: 'error', message: MESSAGES.networkError, durationMs: undefined },
      { kind: 'error', message: '系统接口502异常', durationMs: undefined },
      { kind: 'error', message: '服务器开小差了', durationMs: 5000 },
      { kind: 'error', message: '余额不足', durationMs: undefined },
    ]);
  });

  it('a silent call rejects with the refusal but shows no toast', async () => {
    const { client, toasts } = setup(defaultConfig(server.origin));
    await expect(client.get('silent-error', undefined, { silent: true })).rejects.toMatchObject({ code: 1003 });
    await expect(client.post('points/quote', { model: 'gpt-4o' }, { silent: true })).rejects.toMatchObject({ code: 602 });
    await expect(client.upload('business-error', new FormData(), undefined, { silent: true })).rejects.toMatchObject({ code: 1002 });
    expect(toasts).toEqual([]);
  });

  it('announces a refusal for lack of points (602) once, besides the toast', async () => {
    const insufficient: string[] = [];
    const { client, toasts } = setup(defaultConfig(server.origin), { onInsufficientPoints: (message) => insufficient.push(message) });
    await expect(client.post('points/quote', { model: 'gpt-4o' })).rejects.toMatchObject({ code: 602 });
    expect(insufficient).toEqual(['积分不足，请及时充值']);
    expect(toasts.map((t) => t.message)).toEqual(['积分不足，请及时充值']);
  });

  it('sends no bearer to urls ending get, and query parameters for GET and post-with-params', async () => {
    const { client } = setup(defaultConfig(server.origin));
    await expect(client.get('captcha/get')).resolves.toEqual(ok({ auth: null }));
    await expect(client.get('echo', { a: 1 })).resolves.toEqual(ok({ query: { a: '1' }, body: '' }));
    await expect(client.postWithParams('echo', { b: 'x' })).resolves.toEqual(ok({ query: { b: 'x' }, body: '' }));
    await expect(client.post('echo', { c: 2 })).resolves.toEqual(ok({ query: {}, body: '{"c":2}' }));
    expect(server.received.at(-1)!.headers.authorization).toBe('Bearer old-token');
  });

  it('uploads multipart with progress and receives binary for blob calls', async () => {
    const { client } = setup(defaultConfig(server.origin));
    const form = new FormData();
    form.append('file', new Blob(['hello world']), 'a.txt');
    const progress: number[] = [];
    const uploaded = await client.upload<{ size: number; type: string }>('backend-api/uploadFile', form, (p) => progress.push(p));
    expect(uploaded!.data.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(progress.at(-1)).toBe(100);
    const audio = await client.blob('backend-api/generateSpeech', { input: '你好' });
    // Browsers get a Blob; Node's http adapter (used here) hands back the bytes as a Buffer.
    const bytes = audio instanceof Blob ? Buffer.from(await audio.arrayBuffer()) : Buffer.from(audio as unknown as Uint8Array);
    expect(bytes).toEqual(Buffer.from([1, 2, 3, 4]));
  });

  it('waits for initialisation and resolves null once developer tools are detected', async () => {
    const config = defaultConfig(server.origin);
    const gated = createRequestClient({ config: () => config, adapter: 'http', session: { accessToken: () => null, refreshToken: () => null, setTokens: () => {}, markSessionExpired: () => {} }, notify: () => {}, pathname: () => '/' });
    const before = server.received.length;
    let settled = false;
    const pending = gated.get('echo').then((r) => ((settled = true), r));
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false);
    expect(server.received.length).toBe(before);
    gated.markInitialised();
    await expect(pending).resolves.toEqual(ok({ query: {}, body: '' }));
    gated.setDevtoolsDetected();
    await expect(gated.get('echo')).resolves.toBeNull();
    expect(server.received.length).toBe(before + 1);
  });
});
