import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { PayInfo, PayOrderCreated, TradeView, VoucherView } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, data, envelope, registeredUser } from '../../testing/accounts.js';
import { assertLedgerMatches, china, TestClock } from '../../testing/points.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { SANDBOX_SIGNATURE_HEADER, sandboxSignature } from './providers/sandbox.js';

const SECRET = 'pay-sandbox-test-secret-0123456789';
const ENV = { ...ACCOUNT_TEST_ENV, PAY_SANDBOX_SECRET: SECRET, POINTS_DAILY_BY_TIER: '100,200,300,400', PAY_SWEEP_SECONDS: '3600', PAY_ORDERS_PER_USER_HOUR: '12' };

describe(`pay (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  const clock = new TestClock(china('2030-03-01 12:00'));
  before(async () => {
    t = await createTestApp(ENV, { now: clock.now });
  });
  after(() => t.close());
  const server = () => t.app.server;

  const newUser = () => registeredUser(server());
  const order = (token: string, payload: object = { type: 1 }) => data<PayOrderCreated>(server(), 'POST', 'pay/getPayInfoGuding', { token, payload });
  const status = async (token: string, outTradeNo: string) => (await data<{ status: string }>(server(), 'POST', 'pay/getPaySta', { token, payload: { outTradeNo } })).status;
  const permanent = async (userId: string) => (await assertLedgerMatches(t.app.db.db, userId)).permanent;

  /** A notification as the sandbox signs it (what a real provider's would be for its adapter). */
  function notify(created: Pick<PayOrderCreated, 'outTradeNo' | 'amountFen'>, change: { amountFen?: number; secret?: string; paidAt?: Date } = {}) {
    const body = JSON.stringify({
      id: randomBytes(4).toString('hex'),
      event_type: 'PAYMENT.SUCCESS',
      out_trade_no: created.outTradeNo,
      trade_no: `T${created.outTradeNo}`,
      amount_fen: change.amountFen ?? created.amountFen,
      paid_at: (change.paidAt ?? clock.now()).toISOString(),
    });
    const signature = sandboxSignature(change.secret ?? SECRET, body, Math.floor(clock.now().getTime() / 1000));
    return server().inject({ method: 'POST', url: '/app-api/pay/notify/sandbox', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature }, payload: body });
  }
  const confirmLink = (qrCode: string) => new URL(qrCode);
  const payOnSandboxPage = async (qrCode: string, dropNotify = false) => {
    const link = confirmLink(qrCode);
    const form = new URLSearchParams({ order: link.searchParams.get('order')!, token: link.searchParams.get('token')!, ...(dropNotify ? { dropNotify: '1' } : {}) });
    return server().inject({ method: 'POST', url: link.pathname, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
  };

  it('getPayInfo shows the three plans with use counts from the catalogue, without login', async () => {
    const info = await data<PayInfo>(server(), 'GET', 'pay/getPayInfo');
    assert.deepEqual(info.methods, ['sandbox']);
    assert.deepEqual(
      info.plans.map((p) => [p.type, p.priceFen, p.points]),
      [
        [1, 680, 68_000],
        [2, 1880, 200_000],
        [3, 6880, 720_000],
      ],
    );
    const mini = t.app.catalogue.find('gpt-4o-mini')!;
    assert.equal(mini.price.kind, 'perRequest');
    assert.deepEqual(info.plans[0]!.uses[0], { model: 'gpt-4o-mini', label: mini.label, count: Math.floor(68_000 / (mini.price as { points: number }).points) });
    assert.equal(info.charsPerUse, 400);
  });

  it('the sandbox QR opens a confirm page; paying there credits the plan through the signed notify path', async () => {
    clock.set(china('2030-03-01 12:00'));
    const user = await newUser();
    const before = await permanent(user.id);
    const created = await order(user.token, { type: 1 });
    assert.match(created.outTradeNo, /^QM20300301120000\d{10}$/);
    assert.equal(created.amountFen, 680);
    assert.equal(created.method, 'sandbox');
    assert.equal(await status(user.token, created.outTradeNo), 'WAIT');

    const page = await server().inject({ method: 'GET', url: `${confirmLink(created.qrCode).pathname}${confirmLink(created.qrCode).search}` });
    assert.equal(page.statusCode, 200);
    assert.ok(page.body.includes('¥6.80') && page.body.includes('确认支付'));
    const paid = await payOnSandboxPage(created.qrCode);
    assert.ok(paid.body.includes('支付成功'));

    assert.equal(await status(user.token, created.outTradeNo), 'OK');
    assert.equal(await permanent(user.id), before + 68_000);
    const info = await data<{ userLevel: number; userSignExpireTime: number; morePackageTime: number }>(server(), 'GET', 'system/user/userinfo', { token: user.token });
    const in30Days = clock.now().getTime() + 30 * 86_400_000;
    assert.equal(info.userLevel, 1);
    assert.equal(info.userSignExpireTime, in30Days);
    assert.equal(info.morePackageTime, in30Days);
    const trade = await data<TradeView>(server(), 'GET', `pay/getTrade?outTradeNo=${created.outTradeNo}`, { token: user.token });
    assert.equal(trade.status, 'OK');
    assert.equal(trade.planName, '会员套餐');
    // A second click on the page changes nothing.
    assert.ok((await payOnSandboxPage(created.qrCode)).body.includes('支付成功'));
    assert.equal(await permanent(user.id), before + 68_000);
  });

  it('the same notification delivered 5 times credits once', async () => {
    const user = await newUser();
    const before = await permanent(user.id);
    const created = await order(user.token, { type: 2 });
    for (let i = 0; i < 5; i++) {
      const answer = await notify(created);
      assert.equal(answer.statusCode, 200, answer.body);
    }
    assert.equal(await permanent(user.id), before + 200_000);
    const events = await t.app.pay.service['repo'].events(created.outTradeNo);
    assert.deepEqual(
      events
        .filter((e) => e.kind === 'notify')
        .map((e) => e.outcome)
        .sort(),
      ['credited', 'duplicate', 'duplicate', 'duplicate', 'duplicate'],
    );
  });

  it('a forged signature and a wrong amount are refused and credit nothing', async () => {
    const user = await newUser();
    const before = await permanent(user.id);
    const created = await order(user.token);
    const forged = await notify(created, { secret: 'someone-elses-secret-0123456789' });
    assert.equal(forged.statusCode, 400);
    const tampered = await notify(created, { amountFen: 1 });
    assert.equal(tampered.statusCode, 400);
    const garbage = await server().inject({ method: 'POST', url: '/app-api/pay/notify/sandbox', headers: { 'content-type': 'application/json' }, payload: '{not json' });
    assert.equal(garbage.statusCode, 400);
    const unknownProvider = await server().inject({ method: 'POST', url: '/app-api/pay/notify/paypal', payload: '{}' });
    assert.equal(unknownProvider.statusCode, 200);
    assert.equal(unknownProvider.json().code, 400);
    assert.equal(await status(user.token, created.outTradeNo), 'WAIT');
    assert.equal(await permanent(user.id), before);
  });

  it('a payment that arrives after the order expired and was closed is still credited, marked late', async () => {
    clock.set(china('2030-03-02 10:00'));
    const user = await newUser();
    const before = await permanent(user.id);
    const created = await order(user.token);
    clock.advance(5 * 60_000 + 1000);
    assert.equal(await status(user.token, created.outTradeNo), 'EXPIRED');
    assert.ok((await t.app.pay.service.expireDue()) >= 1);
    assert.equal((await data<TradeView>(server(), 'GET', `pay/getTrade?outTradeNo=${created.outTradeNo}`, { token: user.token })).status, 'EXPIRED');
    // The sandbox closed it: its page no longer takes payment…
    assert.ok((await payOnSandboxPage(created.qrCode)).body.includes('订单已关闭或已过期'));
    // …but a payment the provider took before its close still counts.
    const late = await notify(created, { paidAt: new Date(clock.now().getTime() - 2000) });
    assert.equal(late.statusCode, 200);
    assert.equal(await status(user.token, created.outTradeNo), 'OK');
    assert.equal(await permanent(user.id), before + 68_000);
    const row = await t.app.pay.service['repo'].order(created.outTradeNo);
    assert.equal(row!.late, 1);
  });

  it('a lost notification: the status call asks the provider after 10 s and credits the payment', async () => {
    clock.set(china('2030-03-03 10:00'));
    const user = await newUser();
    const before = await permanent(user.id);
    const created = await order(user.token);
    assert.ok((await payOnSandboxPage(created.qrCode, true)).body.includes('支付成功'));
    clock.advance(9_000);
    assert.equal(await status(user.token, created.outTradeNo), 'WAIT', 'no query before 10 s');
    clock.advance(1_000);
    assert.equal(await status(user.token, created.outTradeNo), 'OK');
    assert.equal(await permanent(user.id), before + 68_000);
  });

  it('a notification and queries at the same moment credit once', async () => {
    clock.set(china('2030-03-04 10:00'));
    const user = await newUser();
    const before = await permanent(user.id);
    const created = await order(user.token, { type: 3 });
    await payOnSandboxPage(created.qrCode, true);
    clock.advance(11_000);
    const service = t.app.pay.service;
    const row = (await service['repo'].order(created.outTradeNo))!;
    const results = await Promise.all([notify(created), service.reconcile(row), notify(created), service.reconcile(row), status(user.token, created.outTradeNo)]);
    assert.equal(results[0].statusCode, 200);
    assert.equal(await permanent(user.id), before + 720_000);
    const credited = (await service['repo'].events(created.outTradeNo)).filter((e) => e.outcome.startsWith('credited'));
    assert.equal(credited.length, 1);
    // The luxury plan also gives the basic subscription (80% prices).
    const info = await data<{ userPackage2: number; userLevel: number }>(server(), 'GET', 'system/user/userinfo', { token: user.token });
    assert.deepEqual([info.userPackage2, info.userLevel], [2, 3]);
  });

  it('a cheaper plan bought while a higher package is in force keeps the higher level and adds the points', async () => {
    clock.set(china('2030-03-05 10:00'));
    const user = await newUser();
    const professional = await order(user.token, { type: 2 });
    await notify(professional);
    const member = await order(user.token, { type: 1 });
    await notify(member);
    const info = await data<{ userLevel: number; userSignExpireTime: number; morePackageTime: number }>(server(), 'GET', 'system/user/userinfo', { token: user.token });
    assert.equal(info.userLevel, 2);
    assert.equal(info.userSignExpireTime, clock.now().getTime() + 30 * 86_400_000);
    assert.equal(info.morePackageTime, clock.now().getTime() + 60 * 86_400_000, 'VIP days add up');
  });

  it('vouchers: the best one applies by itself, null pays full price, and a paid order uses it up', async () => {
    clock.set(china('2030-03-06 10:00'));
    const user = await newUser();
    const service = t.app.pay.service;
    const small = await service.grantVoucher(user.id, { amountFen: 100, planTypes: [], expiresAt: null, note: '' });
    const big = await service.grantVoucher(user.id, { amountFen: 300, planTypes: [2], expiresAt: null, note: '专业套餐立减' });
    assert.deepEqual(
      (await data<VoucherView[]>(server(), 'GET', 'promotion/queryRemainingVouchers', { token: user.token })).map((v) => v.id),
      [big, small],
    );
    const member = await order(user.token, { type: 1 });
    assert.deepEqual([member.amountFen, member.discountFen], [580, 100], 'the plan-2 voucher does not apply to plan 1');
    const full = await order(user.token, { type: 2, voucherId: null });
    assert.deepEqual([full.amountFen, full.discountFen], [1880, 0]);
    const discounted = await order(user.token, { type: 2 });
    assert.deepEqual([discounted.amountFen, discounted.discountFen], [1580, 300]);
    assert.equal((await envelope(server(), 'POST', 'pay/getPayInfoGuding', { token: user.token, payload: { type: 1, voucherId: big } })).code, 2003);
    await notify(discounted);
    assert.deepEqual(
      (await data<VoucherView[]>(server(), 'GET', 'promotion/queryRemainingVouchers', { token: user.token })).map((v) => v.id),
      [small],
    );
  });

  it('refuses bad requests clearly and keeps orders private', async () => {
    clock.set(china('2030-03-07 10:00'));
    const user = await newUser();
    const other = await newUser();
    assert.equal((await envelope(server(), 'POST', 'pay/getPayInfoGuding', { token: user.token, payload: { type: 4 } })).code, 400);
    assert.equal((await envelope(server(), 'POST', 'pay/getPayInfoGuding', { token: user.token, payload: { type: 1, method: 'wechat' } })).code, 2002);
    assert.equal((await call(server(), 'POST', 'pay/getPayInfoGuding', { payload: { type: 1 } })).statusCode, 401);
    const created = await order(user.token);
    assert.equal((await envelope(server(), 'POST', 'pay/getPaySta', { token: other.token, payload: { outTradeNo: created.outTradeNo } })).code, 2005);
    assert.equal((await envelope(server(), 'POST', 'pay/getPaySta', { token: user.token, payload: { outTradeNo: '../etc' } })).code, 400);
    assert.equal((await envelope<{ status: string }>(server(), 'GET', `pay/queryQRStatus?outTradeNo=${created.outTradeNo}`, { token: user.token })).data.status, 'WAIT');
    const png = await call(server(), 'GET', `pay/getPaymentQrCodePic?outTradeNo=${created.outTradeNo}`, { token: user.token });
    assert.equal(png.statusCode, 200);
    assert.equal(png.headers['content-type'], 'image/png');
    assert.equal(png.rawPayload.subarray(1, 4).toString(), 'PNG');
    const trades = await data<TradeView[]>(server(), 'GET', 'pay/getTrade', { token: user.token });
    assert.deepEqual(
      trades.map((tr) => tr.outTradeNo),
      [created.outTradeNo],
    );
    // At most PAY_ORDERS_PER_USER_HOUR (12) orders an hour.
    for (let i = 1; i < 12; i++) await order(user.token);
    assert.equal((await envelope(server(), 'POST', 'pay/getPayInfoGuding', { token: user.token, payload: { type: 1 } })).code, 2006);
  });

  it('a refund recorded by ops takes the points back, never below zero', async () => {
    const user = await newUser();
    const created = await order(user.token);
    await notify(created);
    const balance = await permanent(user.id);
    await t.app.points.debit(user.id, balance - 1000 + (await assertLedgerMatches(t.app.db.db, user.id)).daily, { kind: 'chat', reference: 'spent', key: `spend:${created.outTradeNo}` });
    const refund = await t.app.pay.service.recordRefund(created.outTradeNo);
    assert.deepEqual(refund, { takenBack: 1000, shortfall: 67_000 });
    assert.equal(await permanent(user.id), 0);
    assert.equal(await t.app.pay.service.recordRefund(created.outTradeNo), null, 'only once');
    assert.equal(await status(user.token, created.outTradeNo), 'REFUNDED');
  });
});
