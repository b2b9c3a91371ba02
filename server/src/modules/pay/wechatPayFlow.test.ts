import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { PayInfo, PayOrderCreated } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches, TestClock } from '../../testing/points.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import type { RawNotify } from './providers/provider.js';
import { startFakeWechatPay, type FakeWechatPay } from './providers/testing/fakeWechatPay.js';

/** The whole server configured for WeChat Pay v3 against a local fake of its API: orders, notifies, 查单, close. */
describe(`pay through WeChat Pay v3 (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let storage: TestStorage;
  let wechat: FakeWechatPay;
  // Near the real time: the fake signs with the real clock and the adapter allows 5 minutes of skew.
  const clock = new TestClock(new Date());
  before(async () => {
    wechat = await startFakeWechatPay();
    storage = await createTestStorage();
    const options = wechat.options();
    const file = (name: string, text: string) => {
      const target = path.join(storage.dataDir, name);
      fs.mkdirSync(storage.dataDir, { recursive: true });
      fs.writeFileSync(target, text);
      return target;
    };
    t = await createTestApp(
      {
        ...ACCOUNT_TEST_ENV,
        PAY_SWEEP_SECONDS: '3600',
        // One minute, so the test clock stays within the adapter's 5-minute signature window.
        PAY_ORDER_MINUTES: '1',
        WECHATPAY_APPID: options.appId,
        WECHATPAY_MCHID: options.mchId,
        WECHATPAY_API_V3_KEY: options.apiV3Key,
        WECHATPAY_SERIAL_NO: options.merchantSerialNo,
        WECHATPAY_PRIVATE_KEY_FILE: file('merchant.pem', options.merchantPrivateKey),
        WECHATPAY_PUBLIC_KEY_FILE: file('wechatpay-public.pem', options.platformKeys[0]!.pem),
        WECHATPAY_PUBLIC_KEY_ID: options.platformKeys[0]!.serial,
        WECHATPAY_API_BASE: options.apiBase,
      },
      { now: clock.now, storage },
    );
  });
  after(async () => {
    await t.close();
    await storage.cleanup();
    await wechat.close();
  });
  const server = () => t.app.server;
  const post = (notify: RawNotify) => server().inject({ method: 'POST', url: '/app-api/pay/notify/wechat', headers: notify.headers as Record<string, string>, payload: notify.body });

  const newUser = () => registeredUser(server());
  const status = async (token: string, outTradeNo: string) => (await data<{ status: string }>(server(), 'POST', 'pay/getPaySta', { token, payload: { outTradeNo } })).status;

  it('offers only WeChat Pay (no sandbox) and credits a notified payment once', async () => {
    assert.deepEqual((await data<PayInfo>(server(), 'GET', 'pay/getPayInfo')).methods, ['wechat']);
    const user = await newUser();
    const before = (await assertLedgerMatches(t.app.db.db, user.id)).permanent;
    const created = await data<PayOrderCreated>(server(), 'POST', 'pay/getPayInfoGuding', { token: user.token, payload: { type: 1 } });
    assert.equal(created.method, 'wechat');
    assert.match(created.qrCode, /^weixin:\/\/wxpay\//);
    const sent = wechat.requests.find((r) => r.path === '/v3/pay/transactions/native')!;
    const body = JSON.parse(sent.body) as { amount: unknown; notify_url: string };
    assert.deepEqual(body.amount, { total: 680, currency: 'CNY' });
    assert.equal(body.notify_url, 'http://localhost:80/app-api/pay/notify/wechat');
    assert.ok(sent.signatureValid);

    const notify = wechat.pay(created.outTradeNo);
    for (let i = 0; i < 5; i++) assert.equal((await post(notify)).statusCode, 200);
    assert.equal(await status(user.token, created.outTradeNo), 'OK');
    assert.equal((await assertLedgerMatches(t.app.db.db, user.id)).permanent, before + 68_000);

    const forged = { ...notify, body: notify.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" ') };
    assert.equal((await post(forged)).statusCode, 500, 'a body that is not what WeChat Pay signed is refused');
  });

  it('a lost notification is found by the status call’s 查单; an expired order is closed at WeChat Pay', async () => {
    const user = await newUser();
    const before = (await assertLedgerMatches(t.app.db.db, user.id)).permanent;
    const lost = await data<PayOrderCreated>(server(), 'POST', 'pay/getPayInfoGuding', { token: user.token, payload: { type: 2 } });
    wechat.pay(lost.outTradeNo); // never delivered
    clock.advance(10_000);
    assert.equal(await status(user.token, lost.outTradeNo), 'OK');
    assert.equal((await assertLedgerMatches(t.app.db.db, user.id)).permanent, before + 200_000);

    const unpaid = await data<PayOrderCreated>(server(), 'POST', 'pay/getPayInfoGuding', { token: user.token, payload: { type: 1 } });
    clock.advance(60_000);
    assert.equal(await t.app.pay.service.expireDue(), 1);
    assert.ok(wechat.requests.some((r) => r.path === `/v3/pay/transactions/out-trade-no/${unpaid.outTradeNo}/close`));
    assert.equal(await status(user.token, unpaid.outTradeNo), 'EXPIRED');
  });
});
