import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, beforeEach, describe, it } from 'node:test';
import { DEFAULT_SIGN_WINDOW_SECONDS, loadConfig } from '../config.js';
import { MemorySharedState, type SharedState } from '../sharedState/index.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { signForTest } from '../testing/signature.js';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../testing/testRedis.js';
import { createSignatureVerifier, signatureWarnings, type NonceScope } from './requestSignature.js';

const INVALID = { code: 4001, data: null, msg: '请求签名无效，请刷新页面后重试' };
const REPLAYED = { code: 4003, data: null, msg: '重复的请求已被拒绝' };
const REPORT = { area: 'chat', version: null, stage: 'load', message: 'ScriptExternalLoadError' };

const nowSeconds = () => Math.floor(Date.now() / 1000);
const WINDOW = DEFAULT_SIGN_WINDOW_SECONDS;
const SCOPE: NonceScope = { token: '', path: 'POST /app-api/platform/remote-errors' };

/** A browser call that needs a signature: the remote failure report. */
function report(app: TestApp, headers: Record<string, string>) {
  return app.app.server.inject({ method: 'POST', url: '/app-api/platform/remote-errors', headers, payload: REPORT });
}

describe(`request signature (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  it('lets a correctly signed call through', async () => {
    const response = await report(t, signForTest());
    assert.deepEqual(response.json(), { code: 0, data: null, msg: '' });
  });

  it('accepts a clock that is off by less than the window', async () => {
    for (const offset of [-(WINDOW - 10), WINDOW - 10]) assert.equal((await report(t, signForTest(nowSeconds() + offset))).json().code, 0);
  });

  it('answers 4002 with the server time when the clock is off by more than the window', async () => {
    for (const offset of [-(WINDOW + 1), WINDOW + 1]) {
      const body = (await report(t, signForTest(nowSeconds() + offset))).json();
      assert.equal(body.code, 4002);
      assert.equal(body.msg, '设备时间与服务器相差过大，请校准设备时间后重试');
      assert.ok(Math.abs(body.data.serverTime - nowSeconds()) <= 1, `serverTime ${body.data.serverTime}`);
    }
  });

  it('refuses a replayed nonce with 4003', async () => {
    const headers = signForTest();
    assert.equal((await report(t, headers)).json().code, 0);
    assert.deepEqual((await report(t, headers)).json(), REPLAYED);
    assert.deepEqual((await report(t, { ...signForTest(), type: headers.type })).json(), REPLAYED, 'a fresh time does not renew a used nonce');
  });

  it('refuses missing, malformed, tampered or wrongly keyed signatures with 4001', async () => {
    const good = signForTest();
    const tamperedSec = `${good.sec[0] === 'A' ? 'B' : 'A'}${good.sec.slice(1)}`;
    const cases: Record<string, Record<string, string>> = {
      'no headers': {},
      'no type': { sec: good.sec, sec2: good.sec2 },
      'no sec': { type: good.type, sec2: good.sec2 },
      'no sec2': { type: good.type, sec: good.sec },
      'tampered sec': { ...good, type: signForTest().type, sec: tamperedSec },
      'sec of another second': { ...signForTest(nowSeconds() - 1), sec2: good.sec2 },
      'sec2 not a number': { ...good, type: signForTest().type, sec2: `${good.sec2}x` },
      'sec not base64': { ...good, type: signForTest().type, sec: '这不是 base64' },
      'sec of two blocks': { ...good, type: signForTest().type, sec: randomBytes(32).toString('base64') },
      'type not base64': { ...signForTest(), type: '!!!!!!!!!!!!!!!!!!!!!!==' },
      'type of 8 bytes': { ...signForTest(), type: randomBytes(8).toString('base64') },
      'type of 16 zero bytes': { ...signForTest(), type: Buffer.alloc(16).toString('base64') },
      'type a counter, not random': { ...signForTest(), type: Buffer.from([...Array(15).fill(0), 7]).toString('base64') },
      'type of 24 bytes': { ...signForTest(), type: randomBytes(24).toString('base64') },
      'type in a non-canonical spelling': { ...signForTest(), type: `${randomBytes(16).toString('base64').slice(0, 21)}B==` },
      'wrong key': signForTest(undefined, { key: 'another-sign-key' }),
      'wrong IV': signForTest(undefined, { iv: 'another-sign-iv!' }),
    };
    for (const [name, headers] of Object.entries(cases)) assert.deepEqual((await report(t, headers)).json(), INVALID, name);
  });

  it('does not spend a nonce on a refused signature', async () => {
    const good = signForTest();
    assert.deepEqual((await report(t, { ...good, sec2: String(Number(good.sec2) + 1) })).json(), INVALID);
    assert.equal((await report(t, { ...good })).json().code, 0);
  });

  it('lets exempt paths through unsigned, and nothing else under /app-api', async () => {
    assert.equal((await t.app.server.inject({ method: 'GET', url: '/app-api/platform/remotes' })).json().code, 0);
    // the public share page's call answers unsigned (an unknown share: its own not-found code)
    assert.equal((await t.app.server.inject({ method: 'GET', url: '/app-api/public/share/abc' })).json().code, 2301);
    for (const url of ['/app-api/public/no-such-page', '/app-api/pay/notify/alipay', '/app-api/dev/no-such-page']) {
      assert.deepEqual((await t.app.server.inject({ method: 'GET', url })).json(), { code: 404, data: null, msg: '接口不存在' }, url);
    }
    const ops = await t.app.server.inject({ method: 'GET', url: '/app-api/platform/ops/remotes' });
    assert.equal(ops.statusCode, 403, 'ops calls answer to the ops token, not the signature');
    assert.equal((await t.app.server.inject({ method: 'GET', url: '/ping' })).body, 'OK');

    assert.deepEqual((await t.app.server.inject({ method: 'POST', url: '/app-api/platform/remotes' })).json(), INVALID, 'the exemption is for GET only');
    assert.deepEqual((await t.app.server.inject({ method: 'GET', url: '/app-api/nothing' })).json(), INVALID);
    const respelled = await t.app.server.inject({ method: 'POST', url: '/%61pp-api/platform/remote-errors', payload: REPORT });
    assert.deepEqual(respelled.json(), INVALID, 'a percent-encoded path reaches the same handler and needs the same signature');
  });

  it('verifies with the configured key and IV', async () => {
    const custom = await createTestApp({ SIGN_KEY: '0123456789abcdef', SIGN_IV: 'fedcba9876543210' });
    try {
      assert.deepEqual((await report(custom, signForTest())).json(), INVALID);
      assert.equal((await report(custom, signForTest(undefined, { key: '0123456789abcdef', iv: 'fedcba9876543210' }))).json().code, 0);
    } finally {
      await custom.close();
    }
  });

  it('accepts unsigned calls when SIGN_REQUIRED=false', async () => {
    const open = await createTestApp({ SIGN_REQUIRED: 'false' });
    try {
      assert.equal((await report(open, {})).json().code, 0);
    } finally {
      await open.close();
    }
  });
});

describe('request signature: nonce lifetime', () => {
  /** Records the TTLs asked for. */
  function recordingState(): SharedState & { ttls: number[] } {
    const ttls: number[] = [];
    return Object.assign(new MemorySharedState(), {
      ttls,
      setIfAbsent(this: MemorySharedState, key: string, ttl: number) {
        ttls.push(ttl);
        return MemorySharedState.prototype.setIfAbsent.call(this, key, ttl);
      },
    });
  }

  it('keeps a nonce until its request time leaves the window', async () => {
    const state = recordingState();
    const verify = createSignatureVerifier({ key: 'qimingai-signkey', iv: 'qimingai-sign-iv', windowSeconds: 300, sharedState: state });
    const now = 1_795_275_294;
    assert.equal(await verify(signForTest(now + 200), now, SCOPE), null);
    assert.equal(await verify(signForTest(now - 200), now, SCOPE), null);
    assert.equal(await verify(signForTest(now), now, SCOPE), null);
    assert.deepEqual(state.ttls, [501, 101, 301]);
    await state.close();
  });
});

describe('request signature: the window and the nonce store', () => {
  it('defaults to a 60-second window, what the SDK needs once it has corrected its clock; SIGN_WINDOW_SECONDS sets another', () => {
    assert.equal(loadConfig({}).signWindowSeconds, 60);
    assert.equal(loadConfig({ SIGN_WINDOW_SECONDS: '300' }).signWindowSeconds, 300);
  });

  it('keeps a nonce per bearer token and route: the same nonce elsewhere is another nonce, here it is a replay', async () => {
    const state = new MemorySharedState();
    const verify = createSignatureVerifier({ key: 'qimingai-signkey', iv: 'qimingai-sign-iv', windowSeconds: WINDOW, sharedState: state });
    const now = 1_795_275_294;
    const headers = signForTest(now);
    assert.equal(await verify(headers, now, SCOPE), null);
    assert.equal(await verify(headers, now, { ...SCOPE, path: 'POST /app-api/captcha/get' }), null);
    assert.equal(await verify(headers, now, { ...SCOPE, token: 'Bearer another' }), null);
    assert.deepEqual(await verify(headers, now, SCOPE), REPLAYED);
    assert.deepEqual(await verify(headers, now, { ...SCOPE, token: 'Bearer another' }), REPLAYED);
    await state.close();
  });
});

describe('request signature: startup warnings', () => {
  const config = (env: Record<string, string>) => loadConfig({ LOG_LEVEL: 'silent', ...env });

  it('warns about the published key in production, and whenever verification is off', () => {
    assert.equal(signatureWarnings(config({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.example.com' })).length, 1);
    assert.equal(signatureWarnings(config({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.example.com', SIGN_KEY: '0123456789abcdef' })).length, 1, 'the IV is still the default');
    assert.deepEqual(signatureWarnings(config({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.example.com', SIGN_KEY: '0123456789abcdef', SIGN_IV: 'fedcba9876543210' })), []);
    assert.deepEqual(signatureWarnings(config({})), [], 'development uses the defaults silently');
    assert.match(signatureWarnings(config({ SIGN_REQUIRED: 'false' }))[0] ?? '', /SIGN_REQUIRED=false/);
  });
});

describe(`request signature across instances sharing Redis (${process.env.TEST_DATABASE ?? 'sqlite'})`, redisSuite, () => {
  const prefix = testKeyPrefix();
  const apps: TestApp[] = [];
  beforeEach(assertRedisReachable);
  after(async () => {
    await Promise.all(apps.map((app) => app.close()));
    if (apps.length) await deleteTestKeys(prefix);
  });

  it('refuses on one instance a nonce already used on another', async () => {
    const env = { REDIS_URL: testRedisUrl, REDIS_KEY_PREFIX: prefix };
    apps.push(await createTestApp(env), await createTestApp(env));
    const [first, second] = apps as [TestApp, TestApp];
    assert.equal(first.app.sharedState.kind, 'redis');
    const headers = signForTest();
    assert.equal((await report(first, headers)).json().code, 0);
    assert.deepEqual((await report(second, headers)).json(), REPLAYED);
    assert.equal((await report(second, signForTest())).json().code, 0);
  });
});
