import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from './config.js';
import { standInWarnings } from './devStandIns.js';
import { passCaptcha } from './modules/captcha/testing.js';
import { SANDBOX_CONFIRM_PATH } from './modules/pay/providers/sandbox.js';
import { LOCAL_CONFIRM_PATH } from './modules/auth/wechat/providers.js';
import { signed } from './testing/signature.js';
import { createTestApp, type TestApp } from './testing/testApp.js';

const PRODUCTION = { NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.example.com' };
const ALL_OFF = { outbox: false, captcha: false, paySandbox: false, wechatLocalConfirm: false };
const ALL_ON = { outbox: true, captcha: true, paySandbox: true, wechatLocalConfirm: true };

describe('development stand-ins: configuration', () => {
  it('are all on by default outside production (e2e, npm start), when nothing real is configured', () => {
    assert.deepEqual(loadConfig({}).devStandIns, ALL_ON);
  });

  it('are all off by default in production, even with no provider configured at all', () => {
    assert.deepEqual(loadConfig(PRODUCTION).devStandIns, ALL_OFF);
    assert.equal(loadConfig(PRODUCTION).pay.sandbox, false);
  });

  it('each is turned on in production only by its own variable', () => {
    assert.deepEqual(loadConfig({ ...PRODUCTION, DEV_OUTBOX: 'true' }).devStandIns, { ...ALL_OFF, outbox: true });
    assert.deepEqual(loadConfig({ ...PRODUCTION, DEV_CAPTCHA: '1' }).devStandIns, { ...ALL_OFF, captcha: true });
    assert.deepEqual(loadConfig({ ...PRODUCTION, PAY_SANDBOX: 'true' }).devStandIns, { ...ALL_OFF, paySandbox: true });
    assert.deepEqual(loadConfig({ ...PRODUCTION, WECHAT_LOCAL_CONFIRM: 'true' }).devStandIns, { ...ALL_OFF, wechatLocalConfirm: true });
    assert.throws(() => loadConfig({ DEV_OUTBOX: 'yes' }), /DEV_OUTBOX/);
  });

  it('can be turned off in development, and the dev captcha follows the outbox by default', () => {
    assert.deepEqual(loadConfig({ DEV_OUTBOX: 'false' }).devStandIns, { ...ALL_ON, outbox: false, captcha: false });
    assert.equal(loadConfig({ SMTP_URL: 'smtp://mail.example.com', MAIL_FROM: 'a@example.com' }).devStandIns.captcha, false, 'a real sender: no public answers');
  });

  it('the local WeChat confirm page is never used with an official account', () => {
    const official = { WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_TOKEN: 't' };
    assert.equal(loadConfig({ ...official, WECHAT_LOCAL_CONFIRM: 'true' }).devStandIns.wechatLocalConfirm, false);
  });

  it('each one on is named in a startup warning, loudly in production', () => {
    assert.deepEqual(standInWarnings(ALL_OFF, true), []);
    const loud = standInWarnings({ ...ALL_OFF, outbox: true, paySandbox: true }, true);
    assert.equal(loud.length, 2);
    assert.ok(loud.every((line) => line.startsWith('!!! PRODUCTION RUNS A DEVELOPMENT STAND-IN !!!')));
    assert.match(loud[0]!, /DEV_OUTBOX/);
    assert.match(loud[1]!, /PAY_SANDBOX/);
    assert.equal(standInWarnings(ALL_ON, false).length, 4);
  });
});

describe('configuration: PUBLIC_ORIGIN in production', () => {
  it('is required, with a clear message, so public links never come from the Host header', () => {
    assert.throws(() => loadConfig({ NODE_ENV: 'production' }), /PUBLIC_ORIGIN: 生产环境（NODE_ENV=production）必须设置/);
    assert.equal(loadConfig(PRODUCTION).publicOrigin, 'https://www.example.com');
    assert.equal(loadConfig({}).publicOrigin, undefined, 'development falls back to the request');
  });
});

describe(`development stand-ins: routes of a production deployment without providers (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(PRODUCTION);
  });
  after(() => t.close());

  const get = (url: string) => t.app.server.inject({ method: 'GET', url });
  const post = async (url: string, payload: object) => (await t.app.server.inject(signed({ method: 'POST', url, payload }))).json();

  it('/dev/status says every stand-in is off; the outbox and captcha answers do not exist', async () => {
    assert.deepEqual((await get('/app-api/dev/status')).json(), { code: 0, data: ALL_OFF, msg: '' });
    assert.equal((await get('/app-api/dev/outbox?to=13800138000')).statusCode, 404);
    const challenge = (await t.app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/get' }))).json().data;
    assert.equal((await get(`/app-api/dev/captcha/${challenge.captchaId}`)).statusCode, 404);
  });

  it('a code channel without a real sender refuses to send instead of falling back to the outbox', async () => {
    const sms = await post('/app-api/system/user/send-phone-verification-code', { phone: '13800138000', scene: 'login', captchaToken: await passCaptcha(t.app) });
    assert.deepEqual(sms, { code: 503, data: null, msg: '短信验证码暂不可用，请使用其他方式登录' });
    const mail = await post('/app-api/system/user/send-email-verification-code', { email: 'a@example.com', scene: 'login', captchaToken: await passCaptcha(t.app) });
    assert.deepEqual(mail, { code: 503, data: null, msg: '邮件验证码暂不可用，请使用其他方式登录' });
  });

  it('WeChat QR login is refused, and the local confirm page does not exist', async () => {
    assert.deepEqual((await t.app.server.inject(signed({ method: 'GET', url: '/app-api/wechat/getQrCode' }))).json(), { code: 503, data: null, msg: '微信登录暂不可用，请使用其他方式登录' });
    assert.equal((await get(`${LOCAL_CONFIRM_PATH}?ticket=x`)).statusCode, 404);
  });

  it('the pay sandbox is off: no sandbox provider, no confirm page', async () => {
    assert.equal(t.app.pay.sandbox, null);
    assert.equal((await get(`${SANDBOX_CONFIRM_PATH}?orderNo=1&token=x`)).statusCode, 404);
  });
});

describe(`development stand-ins: turned on in production by their variables (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ ...PRODUCTION, DEV_OUTBOX: 'true', DEV_CAPTCHA: 'true', PAY_SANDBOX: 'true', WECHAT_LOCAL_CONFIRM: 'true' });
  });
  after(() => t.close());

  it('/dev/status says so, and the codes go to the outbox', async () => {
    assert.deepEqual((await t.app.server.inject({ method: 'GET', url: '/app-api/dev/status' })).json(), { code: 0, data: ALL_ON, msg: '' });
    const sms = await t.app.server.inject(signed({ method: 'POST', url: '/app-api/system/user/send-phone-verification-code', payload: { phone: '13800138000', scene: 'login', captchaToken: await passCaptcha(t.app) } }));
    assert.equal(sms.json().data.devOutbox, true);
    assert.equal(t.app.pay.sandbox !== null, true);
  });
});
