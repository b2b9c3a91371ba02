import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { NotifyRejected, ProviderError, type PayProvider } from './provider.js';
import { newProviderOrder } from './testing/providerOrders.js';
import { chinaRfc3339 } from '../../../chinaTime.js';
import { createWechatPayProvider, cutToUtf8Bytes, loadPlatformKeys, wechatSignatureMessage } from './wechatPay.js';
import { startFakeWechatPay, signedWechatBody, signedWechatNotify, type FakeWechatPay } from './testing/fakeWechatPay.js';
import { selfSignedCertificatePem } from './testing/selfSignedCertificate.js';

describe('WeChat Pay: formats', () => {
  it('builds the signed message as documented: every line ends in \\n, an empty body too', () => {
    // pay.weixin.qq.com, APIv3 "如何验证签名": the response example.
    assert.equal(
      wechatSignatureMessage(['1722850421', 'd824f2e086d3c1df967785d13fcd22ef', '{"code_url":"weixin://wxpay/bizpayurl?pr=JyC91EIz1"}']),
      '1722850421\nd824f2e086d3c1df967785d13fcd22ef\n{"code_url":"weixin://wxpay/bizpayurl?pr=JyC91EIz1"}\n',
    );
    assert.equal(wechatSignatureMessage(['GET', '/v3/x?mchid=1', '1', 'n', '']), 'GET\n/v3/x?mchid=1\n1\nn\n\n');
  });

  it('cuts a description to 127 bytes of UTF-8 without splitting a character', () => {
    assert.equal(cutToUtf8Bytes('启明AI-会员套餐', 127), '启明AI-会员套餐');
    assert.equal(cutToUtf8Bytes(`${'a'.repeat(125)}启明`, 127), 'a'.repeat(125));
    assert.equal(cutToUtf8Bytes(`${'a'.repeat(123)}😀x`, 127), `${'a'.repeat(123)}😀`);
    assert.equal(Buffer.byteLength(cutToUtf8Bytes('会'.repeat(60), 127)), 126);
  });

  it('takes a platform certificate only under its own serial (case and leading zeros aside)', () => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = selfSignedCertificatePem(keys, '0A1B2C3D4E5F', 'Tenpay');
    assert.ok(loadPlatformKeys([{ serial: 'a1b2c3d4e5f', pem }]).get('A1B2C3D4E5F')?.equals(keys.publicKey));
    assert.throws(() => loadPlatformKeys([{ serial: 'FFFF', pem }]), /序列号/);
  });

  it('refuses an APIv3 key that is not 32 characters', async () => {
    const fake = await startFakeWechatPay();
    try {
      assert.throws(() => createWechatPayProvider(fake.options({ apiV3Key: 'short' })), /32/);
    } finally {
      await fake.close();
    }
  });
});

describe('WeChat Pay: Native orders against a local stand-in for the API', () => {
  let fake: FakeWechatPay;
  let provider: PayProvider;

  before(async () => {
    fake = await startFakeWechatPay();
    provider = createWechatPayProvider(fake.options());
  });
  after(() => fake.close());

  it('creates a Native order with a signature WeChat Pay can verify, and returns code_url', async () => {
    const order = newProviderOrder();
    const { qrCode } = await provider.createQr(order);
    const request = fake.requests.at(-1)!;
    assert.equal(request.method, 'POST');
    assert.equal(request.path, '/v3/pay/transactions/native');
    assert.equal(request.signatureValid, true, 'the fake verified the Authorization signature with the merchant public key');
    assert.equal(request.authorization?.mchid, fake.mchId);
    assert.equal(request.authorization?.serial_no, fake.merchantSerialNo);
    assert.match(request.authorization!.nonce_str!, /^[0-9A-Z]{32}$/);
    assert.equal(request.headers.accept, 'application/json');
    assert.equal(request.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(request.body), {
      appid: fake.appId,
      mchid: fake.mchId,
      description: '启明AI-会员套餐',
      out_trade_no: order.outTradeNo,
      time_expire: chinaRfc3339(order.expiresAt),
      notify_url: order.notifyUrl,
      amount: { total: 680, currency: 'CNY' },
    });
    assert.equal(qrCode, fake.orders.get(order.outTradeNo)!.codeUrl);
    assert.match(qrCode, /^weixin:\/\/wxpay\/bizpayurl\?pr=/);
  });

  it('sends a long description cut to what WeChat Pay accepts', async () => {
    const order = newProviderOrder({ description: '启明AI会员'.repeat(30) });
    await provider.createQr(order);
    const sent = fake.orders.get(order.outTradeNo)!.request.description as string;
    assert.ok(Buffer.byteLength(sent) <= 127);
    assert.ok(order.description.startsWith(sent));
  });

  it('fails with SIGN_ERROR when signing with a key WeChat Pay does not know', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    const wrongKey = createWechatPayProvider(fake.options({ merchantPrivateKey: stranger }));
    await assert.rejects(wrongKey.createQr(newProviderOrder()), (error) => error instanceof ProviderError && /SIGN_ERROR/.test(error.message));
    assert.equal(fake.requests.at(-1)!.signatureValid, false);
  });

  for (const spoiler of ['signature', 'body', 'unknown-serial', 'stale', 'unsigned'] as const) {
    it(`refuses a response whose signature is spoiled (${spoiler})`, async () => {
      fake.spoilNextResponse(spoiler);
      await assert.rejects(provider.createQr(newProviderOrder()), ProviderError);
    });
  }

  it("reports WeChat Pay's error code", async () => {
    fake.replyNext(400, { code: 'PARAM_ERROR', message: '参数错误' });
    await assert.rejects(provider.createQr(newProviderOrder()), (error) => error instanceof ProviderError && /PARAM_ERROR/.test(error.message) && /400/.test(error.message));
  });

  it('turns an unreachable API into a ProviderError', async () => {
    const unreachable = createWechatPayProvider(fake.options({ apiBase: 'http://127.0.0.1:1', timeoutMs: 2000 }));
    await assert.rejects(unreachable.query('QM0000000001'), ProviderError);
  });

  describe('payment notifications', () => {
    async function paidNotify() {
      const order = newProviderOrder();
      await provider.createQr(order);
      return { order, notify: fake.pay(order.outTradeNo) };
    }

    function notifyFor(transaction: Record<string, unknown>, overrides: { apiV3Key?: string; serial?: string; timestampSeconds?: number; eventType?: string } = {}) {
      return signedWechatNotify({ platformPrivateKey: fake.platformPrivateKey, serial: fake.platformSerial, apiV3Key: fake.apiV3Key, transaction, ...overrides });
    }

    it('verifies, decrypts and reads a payment', async () => {
      const { order, notify } = await paidNotify();
      const verified = await provider.verifyNotify(notify);
      const transaction = fake.orders.get(order.outTradeNo)!;
      assert.deepEqual(verified, {
        outTradeNo: order.outTradeNo,
        paid: true,
        amountFen: 680,
        providerTradeNo: transaction.transactionId,
        paidAt: new Date(transaction.successTime!),
      });
      assert.ok(Math.abs(verified.paidAt!.getTime() - Date.now()) < 5000);
    });

    it('reads the signature headers whatever their case', async () => {
      const { notify } = await paidNotify();
      const headers = Object.fromEntries(Object.entries(notify.headers).map(([name, value]) => [name.replace(/(^|-)[a-z]/g, (start) => start.toUpperCase()), value]));
      assert.ok('Wechatpay-Signature' in headers);
      assert.equal((await provider.verifyNotify({ headers, body: notify.body })).paid, true);
    });

    it('rejects a tampered body', async () => {
      const { notify } = await paidNotify();
      await assert.rejects(provider.verifyNotify({ ...notify, body: notify.body.replace('支付成功', '支付成功 ') }), NotifyRejected);
    });

    it('rejects a signature from an unknown serial or another key', async () => {
      const { order } = await paidNotify();
      const transaction = fake.transactionOf(order.outTradeNo);
      await assert.rejects(provider.verifyNotify(notifyFor(transaction, { serial: 'PUB_KEY_ID_0000000000000000000000000001' })), /未配置/);
      const impostor = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
      const forged = signedWechatNotify({ platformPrivateKey: impostor, serial: fake.platformSerial, apiV3Key: fake.apiV3Key, transaction });
      await assert.rejects(provider.verifyNotify(forged), NotifyRejected);
    });

    it('rejects a notification outside the allowed clock skew, and takes one inside it', async () => {
      const { order } = await paidNotify();
      const transaction = fake.transactionOf(order.outTradeNo);
      const nowSeconds = Math.floor(Date.now() / 1000);
      await assert.rejects(provider.verifyNotify(notifyFor(transaction, { timestampSeconds: nowSeconds - 301 })), /时间戳/);
      await assert.rejects(provider.verifyNotify(notifyFor(transaction, { timestampSeconds: nowSeconds + 301 })), /时间戳/);
      assert.equal((await provider.verifyNotify(notifyFor(transaction, { timestampSeconds: nowSeconds - 240 }))).paid, true);
      const strict = createWechatPayProvider(fake.options({ maxSkewSeconds: 60 }));
      await assert.rejects(strict.verifyNotify(notifyFor(transaction, { timestampSeconds: nowSeconds - 240 })), /时间戳/);
      const later = createWechatPayProvider(fake.options({ now: () => new Date(Date.now() + 3_600_000) }));
      await assert.rejects(later.verifyNotify(fake.pay(order.outTradeNo)), /时间戳/);
    });

    it('rejects a payment for another merchant or app', async () => {
      const { order } = await paidNotify();
      const transaction = fake.transactionOf(order.outTradeNo);
      await assert.rejects(provider.verifyNotify(notifyFor({ ...transaction, mchid: '1900000999' })), /不是本商户/);
      await assert.rejects(provider.verifyNotify(notifyFor({ ...transaction, appid: 'wx0000000000000000' })), /不是本商户/);
    });

    it('rejects a resource encrypted with another APIv3 key', async () => {
      const { order } = await paidNotify();
      const notify = notifyFor(fake.transactionOf(order.outTradeNo), { apiV3Key: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ012345' });
      await assert.rejects(provider.verifyNotify(notify), /解密/);
    });

    it('rejects malformed bodies without crashing', async () => {
      const sign = (body: string) => signedWechatBody(fake.platformPrivateKey, fake.platformSerial, body);
      await assert.rejects(provider.verifyNotify(sign('not json')), NotifyRejected);
      await assert.rejects(provider.verifyNotify(sign('[1,2]')), NotifyRejected);
      await assert.rejects(provider.verifyNotify(sign('{"event_type":"TRANSACTION.SUCCESS"}')), NotifyRejected);
      await assert.rejects(provider.verifyNotify(sign('{"resource":{"algorithm":"AEAD_AES_256_GCM","ciphertext":"AAAA","nonce":"abcdefabcdef"}}')), NotifyRejected);
      await assert.rejects(provider.verifyNotify({ headers: {}, body: '{}' }), /缺少签名头/);
      const { order } = await paidNotify();
      const { amount: _amount, ...withoutAmount } = fake.transactionOf(order.outTradeNo);
      await assert.rejects(provider.verifyNotify(notifyFor(withoutAmount)), /缺少/);
    });

    it('reads a notification that is not a successful payment as not paid', async () => {
      const { order } = await paidNotify();
      const transaction = fake.transactionOf(order.outTradeNo);
      const refund = await provider.verifyNotify(notifyFor(transaction, { eventType: 'REFUND.SUCCESS' }));
      assert.equal(refund.paid, false);
      assert.equal(refund.paidAt, null);
      const unpaid: Record<string, unknown> = { ...transaction, trade_state: 'NOTPAY' };
      delete unpaid.transaction_id;
      assert.deepEqual(await provider.verifyNotify(notifyFor(unpaid)), { outTradeNo: order.outTradeNo, paid: false, amountFen: 680, providerTradeNo: '', paidAt: null });
    });
  });

  it('acknowledges with 200 and an empty body, or 500 with FAIL so WeChat Pay retries', () => {
    assert.deepEqual({ status: provider.notifyAck(true).status, body: provider.notifyAck(true).body }, { status: 200, body: '' });
    const refusal = provider.notifyAck(false);
    assert.equal(refusal.status, 500);
    assert.match(refusal.contentType, /application\/json/);
    assert.deepEqual(JSON.parse(refusal.body), { code: 'FAIL', message: '失败' });
  });

  it('queries each trade state', async () => {
    const order = newProviderOrder();
    assert.deepEqual(await provider.query(order.outTradeNo), { state: 'unknown' });
    const request = fake.requests.at(-1)!;
    assert.equal(request.method, 'GET');
    assert.equal(request.path, `/v3/pay/transactions/out-trade-no/${order.outTradeNo}?mchid=${fake.mchId}`);
    assert.equal(request.signatureValid, true);
    assert.equal(request.body, '');

    await provider.createQr(order);
    const stored = fake.orders.get(order.outTradeNo)!;
    assert.deepEqual(await provider.query(order.outTradeNo), { state: 'pending' });
    stored.tradeState = 'USERPAYING';
    assert.deepEqual(await provider.query(order.outTradeNo), { state: 'pending' });
    for (const closed of ['CLOSED', 'REVOKED', 'PAYERROR'] as const) {
      stored.tradeState = closed;
      assert.deepEqual(await provider.query(order.outTradeNo), { state: 'closed' });
    }
    fake.pay(order.outTradeNo);
    const paid = { state: 'paid', amountFen: 680, providerTradeNo: stored.transactionId, paidAt: new Date(stored.successTime!) };
    assert.deepEqual(await provider.query(order.outTradeNo), paid);
    stored.tradeState = 'REFUND';
    assert.deepEqual(await provider.query(order.outTradeNo), paid, 'a refunded order was paid');
  });

  it('refuses a query answer whose signature does not verify', async () => {
    fake.spoilNextResponse('body');
    await assert.rejects(provider.query('QM0000000002'), ProviderError);
  });

  it('closes an unpaid order, takes an order WeChat Pay never saw as closed, and refuses to close a paid one', async () => {
    const unpaid = newProviderOrder();
    await provider.createQr(unpaid);
    await provider.close(unpaid.outTradeNo);
    const request = fake.requests.at(-1)!;
    assert.equal(request.path, `/v3/pay/transactions/out-trade-no/${unpaid.outTradeNo}/close`);
    assert.deepEqual(JSON.parse(request.body), { mchid: fake.mchId });
    assert.equal(request.signatureValid, true);
    assert.equal(fake.orders.get(unpaid.outTradeNo)!.tradeState, 'CLOSED');

    await provider.close(newProviderOrder().outTradeNo);

    const paid = newProviderOrder();
    await provider.createQr(paid);
    fake.pay(paid.outTradeNo);
    await assert.rejects(provider.close(paid.outTradeNo), (error) => error instanceof ProviderError && /ORDERPAID/.test(error.message));
  });
});

describe('WeChat Pay: with a platform certificate instead of a public key', () => {
  let fake: FakeWechatPay;
  before(async () => {
    fake = await startFakeWechatPay({ platformKeyForm: 'certificate' });
  });
  after(() => fake.close());

  it('verifies responses and notifications with the certificate key', async () => {
    assert.match(fake.options().platformKeys[0]!.pem, /BEGIN CERTIFICATE/);
    const provider = createWechatPayProvider(fake.options());
    const order = newProviderOrder();
    await provider.createQr(order);
    assert.equal((await provider.verifyNotify(fake.pay(order.outTradeNo))).paid, true);
  });
});
