import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { InjectOptions } from 'fastify';
import { signed } from '../../testing/signature.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { passCaptcha } from '../captcha/testing.js';

const PHONE = '/app-api/system/user/send-phone-verification-code';
const PHONE_RESET = '/app-api/system/user/send-phone-verification-code-reset';
const EMAIL = '/app-api/system/user/send-email-verification-code';
const EMAIL_RESET = '/app-api/system/user/send-email-verification-code-reset';

describe(`verification codes: HTTP, dev outbox (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    // The load balancers are in 10.0.0.0/8: only their X-Forwarded-For names the client.
    t = await createTestApp({ CODE_RATE_PER_IP_HOUR: '3', TRUST_PROXY: '10.0.0.0/8' });
  });
  after(() => t.close());

  let ipCounter = 0;
  /** Each test sends from its own address, so only the per-IP test meets the per-IP limit. */
  const newIp = () => `192.0.2.${++ipCounter}`;
  const post = async (url: string, payload: object, options: Partial<InjectOptions> = {}) =>
    (await t.app.server.inject(signed({ method: 'POST', url, payload, remoteAddress: '192.0.2.200', ...options }))).json();
  const outbox = async (to: string) => (await t.app.server.inject({ method: 'GET', url: `/app-api/dev/outbox?to=${encodeURIComponent(to)}` })).json().data;

  it('sends a phone code to the outbox, normalising the number', async () => {
    const answer = await post(PHONE, { phone: '+86 138-0013-8000', scene: 'register', captchaToken: await passCaptcha(t.app) }, { remoteAddress: newIp() });
    assert.deepEqual(answer, { code: 0, data: { resendAfterSeconds: 60, devOutbox: true }, msg: '' });
    const [message, ...older] = await outbox('13800138000');
    assert.equal(older.length, 0);
    assert.equal(message.to, '13800138000');
    assert.equal(message.channel, 'sms');
    assert.equal(message.scene, 'register');
    assert.match(message.code, /^\d{6}$/);
    assert.equal(message.text, `【启明 AI】您的验证码是 ${message.code}，5 分钟内有效。如非本人操作请忽略。`);
  });

  it('has a route per channel and scene', async () => {
    const ip = newIp();
    const sends: Array<[string, object, string, string]> = [
      [PHONE, { phone: '13900000001', scene: 'login' }, '13900000001', 'login'],
      [PHONE_RESET, { phone: '13900000002' }, '13900000002', 'reset'],
      [EMAIL, { email: ' New.User@Example.com', scene: 'register' }, 'new.user@example.com', 'register'],
    ];
    for (const [url, body, to, scene] of sends) {
      const answer = await post(url, { ...body, captchaToken: await passCaptcha(t.app) }, { remoteAddress: ip });
      assert.equal(answer.code, 0, `${url}: ${answer.msg}`);
      const [message] = await outbox(to);
      assert.equal(message.scene, scene);
      assert.equal(message.channel, url.includes('email') ? 'email' : 'sms');
    }
    const reset = await post(EMAIL_RESET, { email: 'forgot@example.com', captchaToken: await passCaptcha(t.app) }, { remoteAddress: newIp() });
    assert.equal(reset.code, 0);
    assert.equal((await outbox('forgot@example.com'))[0].scene, 'reset');
  });

  it('refuses malformed numbers, addresses and bodies with Chinese messages, before using the captcha token', async () => {
    const captchaToken = await passCaptcha(t.app);
    assert.deepEqual(await post(PHONE, { phone: '12345', scene: 'login', captchaToken }), { code: 400, data: null, msg: '请输入正确的手机号' });
    assert.deepEqual(await post(EMAIL_RESET, { email: 'not-an-address', captchaToken }), { code: 400, data: null, msg: '请输入正确的邮箱地址' });
    for (const body of [{}, { phone: '13800138000', scene: 'reset', captchaToken }, { phone: 13800138000, scene: 'login', captchaToken }]) {
      const answer = await post(PHONE, body);
      assert.equal(answer.code, 400);
      assert.match(answer.msg, /^请求参数不正确：/);
    }
    assert.equal((await post(PHONE, { phone: '13900000003', scene: 'login', captchaToken }, { remoteAddress: newIp() })).code, 0, 'the token was still good');
  });

  it('needs a captcha token that was not used yet (1106)', async () => {
    const ip = newIp();
    const refused = { code: 1106, data: null, msg: '请先完成滑块验证' };
    assert.deepEqual(await post(PHONE, { phone: '13900000004', scene: 'login' }, { remoteAddress: ip }), refused);
    assert.deepEqual(await post(PHONE, { phone: '13900000004', scene: 'login', captchaToken: 'made-up' }, { remoteAddress: ip }), refused);
    const captchaToken = await passCaptcha(t.app);
    assert.equal((await post(PHONE, { phone: '13900000004', scene: 'login', captchaToken }, { remoteAddress: ip })).code, 0);
    assert.deepEqual(await post(PHONE, { phone: '13900000005', scene: 'login', captchaToken }, { remoteAddress: ip }), refused);
  });

  it('refuses a second send to the same number within a minute (1104), whatever the scene', async () => {
    const ip = newIp();
    assert.equal((await post(PHONE, { phone: '13900000006', scene: 'login', captchaToken: await passCaptcha(t.app) }, { remoteAddress: ip })).code, 0);
    const again = await post(PHONE_RESET, { phone: '13900000006', captchaToken: await passCaptcha(t.app) }, { remoteAddress: ip });
    assert.equal(again.code, 1104);
    assert.match(again.msg, /^发送过于频繁，请 (60|59|58) 秒后再试$/);
  });

  it('limits sends per client IP (X-Forwarded-For behind the proxy)', async () => {
    const from = { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.50' } };
    for (const phone of ['13700000001', '13700000002', '13700000003']) {
      assert.equal((await post(PHONE, { phone, scene: 'login', captchaToken: await passCaptcha(t.app) }, from)).code, 0);
    }
    const fourth = await post(PHONE, { phone: '13700000004', scene: 'login', captchaToken: await passCaptcha(t.app) }, from);
    assert.equal(fourth.code, 1104);
    const elsewhere = await post(PHONE, { phone: '13700000004', scene: 'login', captchaToken: await passCaptcha(t.app) }, { remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': '203.0.113.51' } });
    assert.equal(elsewhere.code, 0);
  });

  it('does not believe X-Forwarded-For from a client that is not a trusted proxy', async () => {
    const from = (n: number) => ({ remoteAddress: '198.51.100.9', headers: { 'x-forwarded-for': `203.0.113.${100 + n}` } });
    for (const n of [1, 2, 3]) {
      assert.equal((await post(PHONE, { phone: `1370000001${n}`, scene: 'login', captchaToken: await passCaptcha(t.app) }, from(n))).code, 0);
    }
    const spoofed = await post(PHONE, { phone: '13700000014', scene: 'login', captchaToken: await passCaptcha(t.app) }, from(4));
    assert.equal(spoofed.code, 1104, 'a new X-Forwarded-For each time is still the same client');
  });

  it('needs the request signature', async () => {
    const unsigned = await t.app.server.inject({ method: 'POST', url: PHONE, payload: { phone: '13800138000', scene: 'login' } });
    assert.equal(unsigned.json().code, 4001);
  });
});
