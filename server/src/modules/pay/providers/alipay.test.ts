import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { NotifyRejected, ProviderError, type PayProvider, type ProviderOrder } from './provider.js';
import { newProviderOrder } from './testing/providerOrders.js';
import { formatChinaDateTime, parseChinaDateTime } from '../../../chinaTime.js';
import { alipaySignContent, createAlipayProvider, fenToYuan, rawMemberText, yuanToFen } from './alipay.js';
import { signedAlipayNotify, startFakeAlipay, type FakeAlipay } from './testing/fakeAlipay.js';

describe('Alipay: formats', () => {
  it('sorts the documented notification example into the string to verify', () => {
    // opendocs.alipay.com, "异步通知验签": the example notification without sign and sign_type. The
    // documented result leaves gmt_create out by mistake; it is a parameter like any other.
    const params = {
      total_amount: '2.00',
      buyer_id: '2088102116773037',
      body: '大乐透2.1',
      trade_no: '2016071921001003030200089909',
      refund_fee: '0.00',
      notify_time: '2016-07-19 14:10:49',
      subject: '大乐透2.1',
      charset: 'utf-8',
      notify_type: 'trade_status_sync',
      out_trade_no: '0719141034-6418',
      gmt_close: '2016-07-19 14:10:46',
      gmt_payment: '2016-07-19 14:10:47',
      trade_status: 'TRADE_SUCCESS',
      version: '1.0',
      gmt_create: '2016-07-19 14:10:44',
      app_id: '2015102700040153',
      seller_id: '2088102119685838',
      notify_id: '4a91b7a78a503640467525113fb7d8bg8e',
    };
    assert.equal(
      alipaySignContent(params),
      'app_id=2015102700040153&body=大乐透2.1&buyer_id=2088102116773037&charset=utf-8&gmt_close=2016-07-19 14:10:46&gmt_create=2016-07-19 14:10:44&gmt_payment=2016-07-19 14:10:47&notify_id=4a91b7a78a503640467525113fb7d8bg8e&notify_time=2016-07-19 14:10:49&notify_type=trade_status_sync&out_trade_no=0719141034-6418&refund_fee=0.00&seller_id=2088102119685838&subject=大乐透2.1&total_amount=2.00&trade_no=2016071921001003030200089909&trade_status=TRADE_SUCCESS&version=1.0',
    );
  });

  it('leaves empty values out of the string to sign', () => {
    assert.equal(alipaySignContent({ b: '2', a: '', c: undefined, d: '4' }), 'b=2&d=4');
  });

  it('converts between fen and yuan exactly', () => {
    assert.equal(fenToYuan(680), '6.80');
    assert.equal(fenToYuan(1), '0.01');
    assert.equal(fenToYuan(5), '0.05');
    assert.equal(fenToYuan(100000), '1000.00');
    for (const [text, fen] of [['6.8', 680], ['6.80', 680], ['6.800', 680], ['20', 2000], ['0.01', 1], ['19.99', 1999], ['0.29', 29], ['1000.10', 100010]] as const) {
      assert.equal(yuanToFen(text), fen, text);
    }
    for (const text of ['1.005', '-1', '', '1e3', ' 6.80', '6.', '.5', '6,80', 'NaN']) assert.equal(yuanToFen(text), null, text);
  });

  it('finds the exact text of a top-level member, whatever the spacing, escapes and strings around it', () => {
    assert.equal(rawMemberText('{"a_response":{"x":"}\\"","y":[1,{"z":"\\/"}]} , "sign":"abc"}', 'a_response'), '{"x":"}\\"","y":[1,{"z":"\\/"}]}');
    assert.equal(rawMemberText('{"note":"\\"a_response\\":{}","a_response" : {"k":1},"sign":"s"}', 'a_response'), '{"k":1}');
    assert.equal(rawMemberText('{ "n": 12 , "sign":"s"}', 'n'), '12');
    assert.equal(rawMemberText('{"a":1}', 'b'), undefined);
  });
});

describe('Alipay: 当面付 against a local stand-in for the gateway', () => {
  let fake: FakeAlipay;
  let provider: PayProvider;

  before(async () => {
    fake = await startFakeAlipay();
    provider = createAlipayProvider(fake.options());
  });
  after(() => fake.close());

  async function precreated(overrides: Partial<ProviderOrder> = {}) {
    const order = newProviderOrder(overrides);
    await provider.createQr(order);
    return order;
  }

  it('precreates with a request Alipay can verify, and returns qr_code', async () => {
    const before = Date.now();
    const order = newProviderOrder();
    const { qrCode } = await provider.createQr(order);
    const request = fake.requests.at(-1)!;
    assert.equal(request.signatureValid, true, 'the fake verified sign with the app public key');
    assert.equal(request.charsetInUrl, 'utf-8');
    assert.match(request.contentType!, /^application\/x-www-form-urlencoded/);
    const { timestamp, sign, biz_content: bizContent, ...common } = request.params;
    assert.deepEqual(common, {
      app_id: fake.appId,
      method: 'alipay.trade.precreate',
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      version: '1.0',
      notify_url: order.notifyUrl,
    });
    assert.ok(sign);
    const sentAt = parseChinaDateTime(timestamp);
    assert.ok(sentAt && sentAt.getTime() >= Math.floor(before / 1000) * 1000 && sentAt.getTime() <= Date.now(), `timestamp ${timestamp}`);
    assert.deepEqual(JSON.parse(bizContent!), {
      out_trade_no: order.outTradeNo,
      total_amount: '6.80',
      subject: '启明AI-会员套餐',
      time_expire: formatChinaDateTime(order.expiresAt),
    });
    assert.equal(qrCode, fake.trades.get(order.outTradeNo)!.qrCode);
    assert.match(qrCode, /^https:\/\/qr\.alipay\.com\//);
  });

  for (const spoiler of ['signature', 'body', 'unsigned'] as const) {
    it(`refuses a response whose sign does not verify (${spoiler})`, async () => {
      fake.spoilNextResponse(spoiler);
      await assert.rejects(provider.createQr(newProviderOrder()), ProviderError);
    });
  }

  it('reports the gateway refusing a request signed with another key', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const wrongKey = createAlipayProvider(fake.options({ appPrivateKey: stranger }));
    await assert.rejects(wrongKey.createQr(newProviderOrder()), (error) => error instanceof ProviderError && /isv\.invalid-signature/.test(error.message));
    assert.equal(fake.requests.at(-1)!.signatureValid, false);
  });

  it('reports a business failure with its sub_code', async () => {
    const order = await precreated();
    fake.scan(order.outTradeNo);
    fake.pay(order.outTradeNo);
    await assert.rejects(provider.createQr(order), (error) => error instanceof ProviderError && /ACQ\.TRADE_HAS_SUCCESS/.test(error.message));
  });

  it('turns an unreachable gateway into a ProviderError', async () => {
    const unreachable = createAlipayProvider(fake.options({ gateway: 'http://127.0.0.1:1/gateway.do', timeoutMs: 2000 }));
    await assert.rejects(unreachable.query('QM0000000001'), ProviderError);
  });

  describe('payment notifications', () => {
    async function paidParams() {
      const order = await precreated();
      fake.scan(order.outTradeNo);
      const notify = fake.pay(order.outTradeNo);
      return { order, notify, params: fake.notifyParamsOf(order.outTradeNo) };
    }
    const sign = (params: Record<string, string>) => signedAlipayNotify(fake.alipayPrivateKey, params);

    it('verifies and reads a payment', async () => {
      const { order, notify } = await paidParams();
      const trade = fake.trades.get(order.outTradeNo)!;
      assert.deepEqual(await provider.verifyNotify(notify), {
        outTradeNo: order.outTradeNo,
        paid: true,
        amountFen: 680,
        providerTradeNo: trade.tradeNo,
        paidAt: parseChinaDateTime(trade.gmtPayment),
      });
    });

    it('verifies values that need URL-decoding (spaces, Chinese, & and =)', async () => {
      const { params } = await paidParams();
      const notify = sign({ ...params, subject: '启明AI 会员&套餐=1+', body: '' });
      assert.match(notify.body, /subject=%E5%90%AF/);
      assert.equal((await provider.verifyNotify(notify)).paid, true);
    });

    it('rejects a tampered body', async () => {
      const { notify } = await paidParams();
      await assert.rejects(provider.verifyNotify({ ...notify, body: notify.body.replace('total_amount=6.80', 'total_amount=0.01') }), NotifyRejected);
      assert.notEqual(notify.body.indexOf('total_amount=6.80'), -1);
    });

    it('rejects a notification for another app or another seller', async () => {
      const { params } = await paidParams();
      await assert.rejects(provider.verifyNotify(sign({ ...params, app_id: '2021000000000999' })), /app_id/);
      await assert.rejects(provider.verifyNotify(sign({ ...params, seller_id: '2088102000000999' })), /seller_id/);
      const anySeller = createAlipayProvider(fake.options({ sellerId: undefined }));
      assert.equal((await anySeller.verifyNotify(sign({ ...params, seller_id: '2088102000000999' }))).paid, true);
    });

    it('reads "6.8" as 680 fen', async () => {
      const { params } = await paidParams();
      assert.equal((await provider.verifyNotify(sign({ ...params, total_amount: '6.8' }))).amountFen, 680);
      await assert.rejects(provider.verifyNotify(sign({ ...params, total_amount: '6.805' })), NotifyRejected);
    });

    it('reads WAIT_BUYER_PAY and TRADE_CLOSED as not paid, TRADE_FINISHED as paid', async () => {
      const { params } = await paidParams();
      for (const [status, paid] of [['WAIT_BUYER_PAY', false], ['TRADE_CLOSED', false], ['TRADE_FINISHED', true]] as const) {
        const verified = await provider.verifyNotify(sign({ ...params, trade_status: status }));
        assert.equal(verified.paid, paid, status);
        if (!paid) assert.equal(verified.paidAt, null);
      }
    });

    it('rejects malformed notifications without crashing', async () => {
      const { notify, params } = await paidParams();
      await assert.rejects(provider.verifyNotify({ headers: {}, body: '' }), NotifyRejected);
      await assert.rejects(provider.verifyNotify({ headers: {}, body: 'not a form at all' }), NotifyRejected);
      await assert.rejects(provider.verifyNotify({ ...notify, body: notify.body.replace(/sign=[^&]*/, 'sign=bm90LWEtc2lnbmF0dXJl') }), NotifyRejected);
      await assert.rejects(provider.verifyNotify({ ...notify, body: notify.body.replace('sign_type=RSA2', 'sign_type=RSA') }), /签名类型/);
      await assert.rejects(provider.verifyNotify({ ...notify, body: `${notify.body}&trade_status=TRADE_SUCCESS` }), /两次/);
      const { trade_no: _tradeNo, ...withoutTradeNo } = params;
      await assert.rejects(provider.verifyNotify(sign(withoutTradeNo)), /缺少/);
    });
  });

  it('acknowledges with success or fail as plain text', () => {
    assert.deepEqual(provider.notifyAck(true), { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' });
    assert.deepEqual(provider.notifyAck(false), { status: 200, contentType: 'text/plain; charset=utf-8', body: 'fail' });
  });

  it('queries each trade state', async () => {
    const order = await precreated();
    assert.deepEqual(await provider.query(order.outTradeNo), { state: 'unknown' }, 'not scanned yet: 40004 ACQ.TRADE_NOT_EXIST');
    const request = fake.requests.at(-1)!;
    assert.equal(request.apiMethod, 'alipay.trade.query');
    assert.equal(request.signatureValid, true);
    assert.deepEqual(request.bizContent, { out_trade_no: order.outTradeNo });
    assert.equal(request.params.notify_url, undefined);

    fake.scan(order.outTradeNo);
    assert.deepEqual(await provider.query(order.outTradeNo), { state: 'pending' });
    fake.pay(order.outTradeNo);
    const trade = fake.trades.get(order.outTradeNo)!;
    const paid = { state: 'paid', amountFen: 680, providerTradeNo: trade.tradeNo, paidAt: parseChinaDateTime(trade.gmtPayment) };
    assert.deepEqual(await provider.query(order.outTradeNo), paid);
    trade.status = 'TRADE_FINISHED';
    assert.deepEqual(await provider.query(order.outTradeNo), paid);
    trade.status = 'TRADE_CLOSED';
    assert.deepEqual(await provider.query(order.outTradeNo), { state: 'closed' });
  });

  it('refuses a query answer whose sign does not verify', async () => {
    fake.spoilNextResponse('body');
    await assert.rejects(provider.query('QM0000000002'), ProviderError);
  });

  it('closes a scanned order, takes one Alipay never saw as closed, and refuses to close a paid one', async () => {
    const neverScanned = await precreated();
    await provider.close(neverScanned.outTradeNo);
    assert.equal(fake.requests.at(-1)!.apiMethod, 'alipay.trade.close');
    assert.equal(fake.requests.at(-1)!.signatureValid, true);

    const scanned = await precreated();
    fake.scan(scanned.outTradeNo);
    await provider.close(scanned.outTradeNo);
    assert.equal(fake.trades.get(scanned.outTradeNo)!.status, 'TRADE_CLOSED');

    const paid = await precreated();
    fake.scan(paid.outTradeNo);
    fake.pay(paid.outTradeNo);
    await assert.rejects(provider.close(paid.outTradeNo), (error) => error instanceof ProviderError && /ACQ\.TRADE_STATUS_ERROR/.test(error.message));
  });
});
