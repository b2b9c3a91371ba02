import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes, randomUUID, type KeyObject } from 'node:crypto';
import type { RawNotify } from '../provider.js';
import { chinaRfc3339 } from '../../../../chinaTime.js';
import type { WechatPayOptions } from '../wechatPay.js';
import { startLocalHttpServer, type LocalReply, type LocalRequest } from './localHttpServer.js';
import { selfSignedCertificatePem } from './selfSignedCertificate.js';

/**
 * A stand-in for the WeChat Pay APIv3 server (Native payments of one directly connected merchant) on
 * 127.0.0.1: it checks every request's Authorization signature with the merchant public key, signs
 * every response with its platform key, keeps the orders, and builds the signed, encrypted
 * notifications WeChat Pay would post when an order is paid.
 */

export type WechatTradeState = 'NOTPAY' | 'USERPAYING' | 'SUCCESS' | 'CLOSED' | 'REVOKED' | 'PAYERROR' | 'REFUND';

export interface FakeWechatOrder {
  /** The JSON body of the Native order request. */
  request: Record<string, unknown>;
  codeUrl: string;
  tradeState: WechatTradeState;
  transactionId: string | null;
  successTime: string | null;
}

export interface RecordedWechatRequest {
  method: string;
  /** Path and query, as signed. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The Authorization parameters (mchid, nonce_str, signature, timestamp, serial_no), null when missing or not WECHATPAY2-SHA256-RSA2048. */
  authorization: Record<string, string> | null;
  /** Whether the signature verified with the merchant public key over METHOD\nPATH\nTIMESTAMP\nNONCE\nBODY\n. */
  signatureValid: boolean;
}

/** How the next response's signature is spoiled. */
export type WechatResponseSpoiler = 'signature' | 'body' | 'unknown-serial' | 'stale' | 'unsigned';

export interface FakeWechatPay {
  apiBase: string;
  appId: string;
  mchId: string;
  apiV3Key: string;
  merchantSerialNo: string;
  platformSerial: string;
  platformPrivateKey: KeyObject;
  requests: RecordedWechatRequest[];
  orders: Map<string, FakeWechatOrder>;
  /** Provider options that talk to this fake with its merchant credentials. */
  options(overrides?: Partial<WechatPayOptions>): WechatPayOptions;
  /** The payer scans and pays: the order becomes SUCCESS; returns the notification WeChat Pay would post. */
  pay(outTradeNo: string): RawNotify;
  /** The transaction object WeChat Pay reports for an order (in queries, and encrypted in notifications). */
  transactionOf(outTradeNo: string): Record<string, unknown>;
  spoilNextResponse(how: WechatResponseSpoiler): void;
  /** Answers the next request with this status and JSON body (signed) instead of the usual answer. */
  replyNext(status: number, body?: Record<string, unknown>): void;
  close(): Promise<void>;
}

export interface FakeWechatPaySettings {
  /** Whether the provider gets the platform public key (PUB_KEY_ID_…) or a platform certificate; default publicKey. */
  platformKeyForm?: 'publicKey' | 'certificate';
}

export async function startFakeWechatPay(settings: FakeWechatPaySettings = {}): Promise<FakeWechatPay> {
  const appId = 'wx8888888888888888';
  const mchId = '1900000109';
  const apiV3Key = randomBytes(16).toString('hex');
  const merchantSerialNo = randomBytes(20).toString('hex').toUpperCase();
  const merchantKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platformKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const useCertificate = settings.platformKeyForm === 'certificate';
  const platformSerial = useCertificate ? `5${randomBytes(19).toString('hex').toUpperCase()}` : `PUB_KEY_ID_0119${randomBytes(14).toString('hex').toUpperCase()}`;
  const platformPem = useCertificate
    ? selfSignedCertificatePem(platformKeys, platformSerial, 'Tenpay.com Root CA')
    : platformKeys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const requests: RecordedWechatRequest[] = [];
  const orders = new Map<string, FakeWechatOrder>();
  const spoilers: WechatResponseSpoiler[] = [];
  const scriptedReplies: Array<{ status: number; body?: Record<string, unknown> }> = [];

  function checkAuthorization(request: LocalRequest): { authorization: Record<string, string> | null; valid: boolean } {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^WECHATPAY2-SHA256-RSA2048 (.+)$/.exec(header) : null;
    if (!match) return { authorization: null, valid: false };
    const authorization = Object.fromEntries([...match[1]!.matchAll(/(\w+)="([^"]*)"/g)].map(([, name, value]) => [name!, value!]));
    const { mchid, nonce_str: nonce, signature, timestamp, serial_no: serial } = authorization;
    if (mchid !== mchId || serial !== merchantSerialNo || !nonce || !signature || !timestamp) return { authorization, valid: false };
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return { authorization, valid: false };
    const message = `${request.method}\n${request.path}\n${timestamp}\n${nonce}\n${request.body}\n`;
    const valid = createVerify('RSA-SHA256').update(message).verify(merchantKeys.publicKey, signature, 'base64');
    return { authorization, valid };
  }

  function signedReply(status: number, payload: Record<string, unknown> | undefined): LocalReply {
    let body = payload === undefined ? '' : JSON.stringify(payload);
    const spoiler = spoilers.shift();
    const timestamp = String(Math.floor(Date.now() / 1000) - (spoiler === 'stale' ? 3600 : 0));
    const nonce = randomBytes(16).toString('hex');
    const signedBody = spoiler === 'signature' ? `${body} ` : body;
    const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${signedBody}\n`).sign(platformKeys.privateKey, 'base64');
    if (spoiler === 'body') body = body ? body.replace(/}$/, ',"tampered":true}') : '{}';
    const headers: Record<string, string> = { 'request-id': randomUUID() };
    if (body) headers['content-type'] = 'application/json; charset=utf-8';
    if (spoiler !== 'unsigned') {
      Object.assign(headers, {
        'wechatpay-timestamp': timestamp,
        'wechatpay-nonce': nonce,
        'wechatpay-signature': signature,
        'wechatpay-serial': spoiler === 'unknown-serial' ? 'PUB_KEY_ID_0000000000000000000000000000' : platformSerial,
        'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
      });
    }
    return { status, headers, body };
  }

  function transactionOf(outTradeNo: string): Record<string, unknown> {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake WeChat Pay: no order ${outTradeNo}`);
    const total = (order.request.amount as { total: number }).total;
    return {
      appid: appId,
      mchid: mchId,
      out_trade_no: outTradeNo,
      ...(order.transactionId ? { transaction_id: order.transactionId } : {}),
      trade_type: 'NATIVE',
      trade_state: order.tradeState,
      trade_state_desc: order.tradeState === 'SUCCESS' ? '支付成功' : '订单未支付',
      ...(order.successTime ? { bank_type: 'OTHERS', success_time: order.successTime, payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' } } : {}),
      amount: { total, currency: 'CNY', ...(order.successTime ? { payer_total: total, payer_currency: 'CNY' } : {}) },
    };
  }

  function route(request: LocalRequest): { status: number; body?: Record<string, unknown> } {
    const url = new URL(request.path, 'http://fake');
    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      const problem = nativeOrderProblem(body, appId, mchId);
      if (problem) return { status: 400, body: { code: 'PARAM_ERROR', message: problem } };
      const outTradeNo = body.out_trade_no as string;
      const existing = orders.get(outTradeNo);
      if (existing?.tradeState === 'SUCCESS') return { status: 400, body: { code: 'ORDERPAID', message: '该订单已支付' } };
      const codeUrl = existing?.codeUrl ?? `weixin://wxpay/bizpayurl?pr=${randomBytes(5).toString('base64url')}`;
      orders.set(outTradeNo, existing ?? { request: body, codeUrl, tradeState: 'NOTPAY', transactionId: null, successTime: null });
      return { status: 200, body: { code_url: codeUrl } };
    }
    const trade = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (trade) {
      const outTradeNo = decodeURIComponent(trade[1]!);
      const order = orders.get(outTradeNo);
      if (request.method === 'GET' && !trade[2]) {
        if (url.searchParams.get('mchid') !== mchId) return { status: 400, body: { code: 'PARAM_ERROR', message: 'mchid 与请求商户号不符' } };
        if (!order) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
        return { status: 200, body: transactionOf(outTradeNo) };
      }
      if (request.method === 'POST' && trade[2]) {
        if ((JSON.parse(request.body) as { mchid?: unknown }).mchid !== mchId) return { status: 400, body: { code: 'PARAM_ERROR', message: 'mchid 与请求商户号不符' } };
        if (!order) return { status: 404, body: { code: 'ORDER_NOT_EXIST', message: '订单不存在' } };
        if (order.tradeState === 'SUCCESS' || order.tradeState === 'REFUND') return { status: 400, body: { code: 'ORDERPAID', message: '订单已支付' } };
        order.tradeState = 'CLOSED';
        return { status: 204 };
      }
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: '接口不存在' } };
  }

  const server = await startLocalHttpServer((request) => {
    const { authorization, valid } = checkAuthorization(request);
    requests.push({ method: request.method, path: request.path, headers: request.headers, body: request.body, authorization, signatureValid: valid });
    if (!valid) return signedReply(401, { code: 'SIGN_ERROR', message: '签名错误' });
    const scripted = scriptedReplies.shift();
    const answer = scripted ?? route(request);
    return signedReply(answer.status, answer.body);
  });

  return {
    apiBase: server.baseUrl,
    appId,
    mchId,
    apiV3Key,
    merchantSerialNo,
    platformSerial,
    platformPrivateKey: platformKeys.privateKey,
    requests,
    orders,
    options: (overrides = {}) => ({
      appId,
      mchId,
      apiV3Key,
      merchantSerialNo,
      merchantPrivateKey: merchantKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      platformKeys: [{ serial: platformSerial, pem: platformPem }],
      apiBase: server.baseUrl,
      ...overrides,
    }),
    pay(outTradeNo) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake WeChat Pay: no order ${outTradeNo}`);
      order.tradeState = 'SUCCESS';
      order.transactionId = `42000${Date.now()}${randomBytes(4).readUInt32BE().toString().padStart(10, '0')}`.slice(0, 28);
      order.successTime = chinaRfc3339(new Date());
      return signedWechatNotify({ platformPrivateKey: platformKeys.privateKey, serial: platformSerial, apiV3Key, transaction: transactionOf(outTradeNo) });
    },
    transactionOf,
    spoilNextResponse: (how) => void spoilers.push(how),
    replyNext: (status, body) => void scriptedReplies.push({ status, body }),
    close: () => server.close(),
  };
}

/** Why WeChat Pay would refuse a Native order body, or null. */
function nativeOrderProblem(body: Record<string, unknown>, appId: string, mchId: string): string | null {
  const amount = body.amount as { total?: unknown; currency?: unknown } | undefined;
  if (body.appid !== appId || body.mchid !== mchId) return 'appid 与 mchid 不匹配';
  if (typeof body.description !== 'string' || !body.description || Buffer.byteLength(body.description) > 127) return 'description 长度不对';
  if (typeof body.out_trade_no !== 'string' || !/^[0-9A-Za-z_\-|*]{6,32}$/.test(body.out_trade_no)) return 'out_trade_no 格式不对';
  if (typeof body.time_expire !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00$/.test(body.time_expire)) return 'time_expire 格式不对';
  if (typeof body.notify_url !== 'string' || !/^https?:\/\/[^?]+$/.test(body.notify_url)) return 'notify_url 格式不对';
  if (!amount || !Number.isSafeInteger(amount.total) || (amount.total as number) <= 0 || amount.currency !== 'CNY') return 'amount 不对';
  return null;
}

export interface WechatNotifyInput {
  platformPrivateKey: KeyObject;
  /** Wechatpay-Serial. */
  serial: string;
  apiV3Key: string;
  /** The transaction object, encrypted into resource.ciphertext. */
  transaction: Record<string, unknown>;
  /** Default TRANSACTION.SUCCESS. */
  eventType?: string;
  /** Wechatpay-Timestamp in seconds; default now. */
  timestampSeconds?: number;
}

/** A payment notification as WeChat Pay posts it: the resource encrypted with the APIv3 key, the body signed with the platform key. */
export function signedWechatNotify(input: WechatNotifyInput): RawNotify {
  const eventType = input.eventType ?? 'TRANSACTION.SUCCESS';
  const body = JSON.stringify({
    id: randomUUID(),
    create_time: chinaRfc3339(new Date()),
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: eventType === 'TRANSACTION.SUCCESS' ? '支付成功' : '通知',
    resource: { original_type: 'transaction', algorithm: 'AEAD_AES_256_GCM', ...encryptWechatResource(input.apiV3Key, JSON.stringify(input.transaction), 'transaction') },
  });
  return signedWechatBody(input.platformPrivateKey, input.serial, body, input.timestampSeconds);
}

/** Any body (even one that is not JSON) with the headers of a correctly signed WeChat Pay notification. */
export function signedWechatBody(platformPrivateKey: KeyObject, serial: string, body: string, timestampSeconds = Math.floor(Date.now() / 1000)): RawNotify {
  const timestamp = String(timestampSeconds);
  const nonce = randomBytes(16).toString('hex');
  const signature = createSign('RSA-SHA256').update(`${timestamp}\n${nonce}\n${body}\n`).sign(platformPrivateKey, 'base64');
  return {
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': serial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    },
    body,
  };
}

/** AEAD_AES_256_GCM as WeChat Pay uses it: a 12-character nonce, base64 of ciphertext followed by the 16-byte tag. */
export function encryptWechatResource(apiV3Key: string, plaintext: string, associatedData: string): { ciphertext: string; nonce: string; associated_data: string } {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return { ciphertext: sealed.toString('base64'), nonce, associated_data: associatedData };
}
