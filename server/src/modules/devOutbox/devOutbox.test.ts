import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { pino } from 'pino';
import { MemorySharedState } from '../../sharedState/index.js';
import { signed } from '../../testing/signature.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { passCaptcha } from '../captcha/testing.js';
import { DevOutbox, OUTBOX_KEEP } from '../verification/devOutbox.js';
import { humanTrace } from '../captcha/testing.js';

describe('dev outbox: the store', () => {
  it('logs every code at warn level, with the target, and keeps the newest 20 per target', async () => {
    const lines: Array<{ level: number; msg: string }> = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const state = new MemorySharedState();
    const outbox = new DevOutbox(state, pino({ level: 'info' }, sink));
    const sms = outbox.sender('sms');
    for (let i = 0; i < 25; i++) await sms.send('13800138000', String(100000 + i), 'login');
    await outbox.sender('email').send('a@example.com', '424242', 'reset');

    const messages = await outbox.messagesTo('13800138000');
    assert.equal(messages.length, OUTBOX_KEEP);
    assert.deepEqual(
      messages.slice(0, 2).map((m) => m.code),
      ['100024', '100023'],
      'newest first',
    );
    assert.deepEqual(await outbox.messagesTo('13900000000'), []);
    const [mail] = await outbox.messagesTo('a@example.com');
    assert.deepEqual({ ...mail, sentAt: undefined }, { to: 'a@example.com', channel: 'email', scene: 'reset', code: '424242', text: '【启明 AI】您的验证码是 424242，5 分钟内有效。如非本人操作请忽略。', sentAt: undefined });

    const last = lines.at(-1)!;
    assert.equal(last.level, 40, 'warn');
    assert.match(last.msg, /a@example\.com/);
    assert.match(last.msg, /424242/);
    await state.close();
  });
});

describe(`dev outbox: routes of a development deployment (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  const get = async (url: string) => (await t.app.server.inject({ method: 'GET', url })).json();

  it('says the outbox is on, without a request signature', async () => {
    assert.deepEqual(await get('/app-api/dev/status'), { code: 0, data: { outbox: true, captcha: true, paySandbox: true, wechatLocalConfirm: true }, msg: '' });
  });

  it('shows the codes sent to a target, however the target is spelled', async () => {
    const sent = await t.app.server.inject(
      signed({ method: 'POST', url: '/app-api/system/user/send-email-verification-code', payload: { email: 'Dev@Example.com', scene: 'login', captchaToken: await passCaptcha(t.app) } }),
    );
    assert.equal(sent.json().data.devOutbox, true);
    const { code, data } = await get('/app-api/dev/outbox?to=%20DEV%40example.COM');
    assert.equal(code, 0);
    assert.equal(data.length, 1);
    assert.equal(data[0].to, 'dev@example.com');
    assert.deepEqual(await get('/app-api/dev/outbox?to=13800000000'), { code: 0, data: [], msg: '' });
    assert.deepEqual(await get('/app-api/dev/outbox?to=nobody'), { code: 400, data: null, msg: '请输入正确的手机号或邮箱地址' });
    assert.equal((await get('/app-api/dev/outbox')).code, 400);
  });

  it('tells the answer of an open captcha, which then passes its check', async () => {
    const challenge = (await t.app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/get' }))).json().data;
    const { code, data } = await get(`/app-api/dev/captcha/${challenge.captchaId}`);
    assert.equal(code, 0);
    assert.deepEqual(Object.keys(data), ['x', 'y']);
    const trace = humanTrace({ x: 0, y: challenge.pieceY }, data);
    const checked = await t.app.server.inject(signed({ method: 'POST', url: '/app-api/captcha/check', payload: { captchaId: challenge.captchaId, ...data, trace } }));
    assert.equal(checked.json().code, 0);
    assert.deepEqual(await get(`/app-api/dev/captcha/${challenge.captchaId}`), { code: 404, data: null, msg: '滑块验证不存在或已过期' });
  });
});
