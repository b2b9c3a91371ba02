import { createSign, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import type { RawNotify } from '../provider.js';
import { formatChinaDateTime } from '../../../../chinaTime.js';
import type { AlipayOptions } from '../alipay.js';
import { startLocalHttpServer, type LocalReply, type LocalRequest } from './localHttpServer.js';

/**
 * A stand-in for the Alipay open-platform gateway (当面付 precreate / query / close) on 127.0.0.1:
 * it checks each request's RSA2 signature with the app public key, signs each `<method>_response`
 * with its Alipay key, keeps the trades, and builds the signed notifications Alipay would post.
 * Like Alipay's own gateway it escapes "/" as "\/", so a client that re-serialises the response
 * before verifying fails.
 */

export type AlipayTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export interface FakeAlipayTrade {
  /** The precreate biz_content. */
  bizContent: Record<string, unknown>;
  notifyUrl: string;
  qrCode: string;
  /** null until the payer scans the QR code: Alipay has no trade before that. */
  status: AlipayTradeStatus | null;
  tradeNo: string;
  gmtPayment: string | null;
}

export interface RecordedAlipayRequest {
  /** The API method, e.g. alipay.trade.precreate. */
  apiMethod: string;
  /** The form parameters as received (sign included). */
  params: Record<string, string>;
  bizContent: Record<string, unknown>;
  /** The charset query parameter of the gateway URL. */
  charsetInUrl: string | null;
  contentType: string | undefined;
  /** Whether sign verified with the app public key over the sorted parameters. */
  signatureValid: boolean;
}

/** How the next response is spoiled: a wrong sign, a body changed after signing, or no sign. */
export type AlipayResponseSpoiler = 'signature' | 'body' | 'unsigned';

export interface FakeAlipay {
  gateway: string;
  appId: string;
  sellerId: string;
  alipayPrivateKey: KeyObject;
  requests: RecordedAlipayRequest[];
  trades: Map<string, FakeAlipayTrade>;
  options(overrides?: Partial<AlipayOptions>): AlipayOptions;
  /** The payer scans the QR code: the trade now exists at Alipay, WAIT_BUYER_PAY. */
  scan(outTradeNo: string): void;
  /** The payer pays: TRADE_SUCCESS; returns the notification Alipay would post. */
  pay(outTradeNo: string): RawNotify;
  /** The notification parameters Alipay posts for a trade in its current state (unsigned). */
  notifyParamsOf(outTradeNo: string): Record<string, string>;
  spoilNextResponse(how: AlipayResponseSpoiler): void;
  close(): Promise<void>;
}

export async function startFakeAlipay(): Promise<FakeAlipay> {
  const appId = '2021000000000001';
  const sellerId = '2088102000000001';
  const appKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipayKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const requests: RecordedAlipayRequest[] = [];
  const trades = new Map<string, FakeAlipayTrade>();
  const spoilers: AlipayResponseSpoiler[] = [];

  function reply(responseName: string, result: Record<string, unknown>): LocalReply {
    const spoiler = spoilers.shift();
    const inner = JSON.stringify(result).replaceAll('/', '\\/');
    const sign = createSign('RSA-SHA256').update(spoiler === 'signature' ? `${inner} ` : inner, 'utf8').sign(alipayKeys.privateKey, 'base64');
    const sent = spoiler === 'body' ? inner.replace(/}$/, ',"tampered":"1"}') : inner;
    const body = spoiler === 'unsigned' ? `{"${responseName}":${sent}}` : `{"${responseName}":${sent},"sign":"${sign}"}`;
    return { status: 200, headers: { 'content-type': 'text/html;charset=utf-8' }, body };
  }

  function handle(request: LocalRequest): LocalReply {
    const url = new URL(request.path, 'http://fake');
    const params = Object.fromEntries(new URLSearchParams(request.body));
    const apiMethod = params.method ?? '';
    let bizContent: Record<string, unknown> = {};
    try {
      bizContent = JSON.parse(params.biz_content ?? '{}') as Record<string, unknown>;
    } catch {
      // refused below as an invalid parameter
    }
    const { sign, ...signed } = params;
    const content = Object.keys(signed)
      .filter((name) => signed[name])
      .sort()
      .map((name) => `${name}=${signed[name]}`)
      .join('&');
    const signatureValid = !!sign && createVerify('RSA-SHA256').update(content, 'utf8').verify(appKeys.publicKey, sign, 'base64');
    const charsetInUrl = url.searchParams.get('charset');
    requests.push({ apiMethod, params, bizContent, charsetInUrl, contentType: request.headers['content-type'], signatureValid });

    const invalid = (subCode: string, subMsg: string) => reply('error_response', { code: '40002', msg: 'Invalid Arguments', sub_code: subCode, sub_msg: subMsg });
    if (charsetInUrl !== 'utf-8') return invalid('isv.invalid-signature', '验签出错，请确认charset参数放在了URL查询字符串中');
    if (params.app_id !== appId) return invalid('isv.invalid-app-id', '无效的AppID参数');
    if (!signatureValid || params.sign_type !== 'RSA2') return invalid('isv.invalid-signature', '验签出错');
    const responseName = `${apiMethod.replaceAll('.', '_')}_response`;
    const success = (fields: Record<string, unknown>) => reply(responseName, { code: '10000', msg: 'Success', ...fields });
    const businessFailure = (subCode: string, subMsg: string) => reply(responseName, { code: '40004', msg: 'Business Failed', sub_code: subCode, sub_msg: subMsg });
    const outTradeNo = String(bizContent.out_trade_no ?? '');
    const trade = trades.get(outTradeNo);

    switch (apiMethod) {
      case 'alipay.trade.precreate': {
        if (!/^\d+\.\d{2}$/.test(String(bizContent.total_amount)) || !bizContent.subject || !outTradeNo) {
          return invalid('isv.invalid-parameter', '参数无效');
        }
        if (trade && trade.status !== null && trade.status !== 'WAIT_BUYER_PAY') return businessFailure('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
        const qrCode = trade?.qrCode ?? `https://qr.alipay.com/bax0${randomBytes(10).toString('hex')}`;
        trades.set(outTradeNo, trade ?? { bizContent, notifyUrl: params.notify_url ?? '', qrCode, status: null, tradeNo: tradeNumber(), gmtPayment: null });
        return success({ out_trade_no: outTradeNo, qr_code: qrCode });
      }
      case 'alipay.trade.query': {
        if (!trade || trade.status === null) return businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
        return success({
          trade_no: trade.tradeNo,
          out_trade_no: outTradeNo,
          buyer_logon_id: '159****5620',
          trade_status: trade.status,
          total_amount: trade.bizContent.total_amount,
          ...(trade.gmtPayment ? { send_pay_date: trade.gmtPayment } : {}),
        });
      }
      case 'alipay.trade.close': {
        if (!trade || trade.status === null) return businessFailure('ACQ.TRADE_NOT_EXIST', '交易不存在');
        if (trade.status !== 'WAIT_BUYER_PAY' && trade.status !== 'TRADE_CLOSED') return businessFailure('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
        trade.status = 'TRADE_CLOSED';
        return success({ trade_no: trade.tradeNo, out_trade_no: outTradeNo });
      }
      default:
        return invalid('isv.invalid-method', '不存在的方法名');
    }
  }

  function tradeOf(outTradeNo: string): FakeAlipayTrade {
    const trade = trades.get(outTradeNo);
    if (!trade) throw new Error(`fake Alipay: no precreated order ${outTradeNo}`);
    return trade;
  }

  function notifyParamsOf(outTradeNo: string): Record<string, string> {
    const trade = tradeOf(outTradeNo);
    const now = formatChinaDateTime(new Date());
    const amount = String(trade.bizContent.total_amount);
    return {
      gmt_create: now,
      charset: 'utf-8',
      seller_email: 'merchant@example.com',
      subject: String(trade.bizContent.subject),
      buyer_id: '2088102122524333',
      invoice_amount: amount,
      notify_id: randomBytes(17).toString('hex'),
      fund_bill_list: `[{"amount":"${amount}","fundChannel":"ALIPAYACCOUNT"}]`,
      notify_type: 'trade_status_sync',
      trade_status: trade.status ?? 'WAIT_BUYER_PAY',
      receipt_amount: amount,
      app_id: appId,
      buyer_pay_amount: amount,
      seller_id: sellerId,
      ...(trade.gmtPayment ? { gmt_payment: trade.gmtPayment } : {}),
      notify_time: now,
      version: '1.0',
      out_trade_no: outTradeNo,
      total_amount: amount,
      trade_no: trade.tradeNo,
      auth_app_id: appId,
      point_amount: '0.00',
    };
  }

  const server = await startLocalHttpServer(handle);
  const gateway = `${server.baseUrl}/gateway.do`;
  return {
    gateway,
    appId,
    sellerId,
    alipayPrivateKey: alipayKeys.privateKey,
    requests,
    trades,
    options: (overrides = {}) => ({
      appId,
      appPrivateKey: appKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      alipayPublicKey: alipayKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      sellerId,
      gateway,
      ...overrides,
    }),
    scan(outTradeNo) {
      const trade = tradeOf(outTradeNo);
      if (trade.status === null) trade.status = 'WAIT_BUYER_PAY';
    },
    pay(outTradeNo) {
      const trade = tradeOf(outTradeNo);
      trade.status = 'TRADE_SUCCESS';
      trade.gmtPayment = formatChinaDateTime(new Date());
      return signedAlipayNotify(alipayKeys.privateKey, notifyParamsOf(outTradeNo));
    },
    notifyParamsOf,
    spoilNextResponse: (how) => void spoilers.push(how),
    close: () => server.close(),
  };
}

function tradeNumber(): string {
  return `2025${randomBytes(12).readBigUInt64BE().toString().padStart(24, '0')}`.slice(0, 28);
}

/**
 * A notification as Alipay posts it: a form whose sign covers every other parameter but sign_type,
 * sorted, empty ones left out, values before URL-encoding.
 */
export function signedAlipayNotify(alipayPrivateKey: KeyObject, params: Record<string, string>): RawNotify {
  const content = Object.keys(params)
    .filter((name) => name !== 'sign' && name !== 'sign_type' && params[name])
    .sort()
    .map((name) => `${name}=${params[name]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content, 'utf8').sign(alipayPrivateKey, 'base64');
  return {
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: new URLSearchParams({ ...params, sign_type: 'RSA2', sign }).toString(),
  };
}
