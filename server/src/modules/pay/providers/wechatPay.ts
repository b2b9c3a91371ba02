import { createDecipheriv, createPrivateKey, createPublicKey, createSign, createVerify, randomBytes, X509Certificate, type KeyObject } from 'node:crypto';
import {
  NotifyRejected,
  ProviderError,
  type NotifyAck,
  type PayProvider,
  type ProviderOrder,
  type ProviderTradeState,
  type RawNotify,
  type VerifiedNotify,
} from './provider.js';
import { chinaRfc3339 } from '../../../chinaTime.js';
import { requestProvider, type ProviderResponse } from './providerHttp.js';

export interface WechatPayOptions {
  appId: string;
  mchId: string;
  /** APIv3 key: 32 ASCII characters, the AES-256-GCM key of notification resources. */
  apiV3Key: string;
  /** The merchant API certificate's serial number (Authorization header serial_no). */
  merchantSerialNo: string;
  /** The merchant's RSA private key, PEM (PKCS#8 or PKCS#1). */
  merchantPrivateKey: string;
  /** WeChat Pay platform certificates or WeChat Pay public keys, by serial (certificate serial, or the public key id PUB_KEY_ID_…); PEM of a certificate or of a public key. */
  platformKeys: Array<{ serial: string; pem: string }>;
  /** Default https://api.mch.weixin.qq.com (tests point it at the fake). */
  apiBase: string;
  /** Notifications and responses older or newer than this are refused (replay); default 300. */
  maxSkewSeconds?: number;
  now?: () => Date;
  timeoutMs?: number; // default 10000
}

export const WECHAT_PAY_API_BASE = 'https://api.mch.weixin.qq.com';
const AUTHORIZATION_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
const DESCRIPTION_MAX_BYTES = 127;
const GCM_TAG_BYTES = 16;

/** The string WeChat Pay signs: each part on its own line, the last (the body, maybe empty) ending in \n too. */
export function wechatSignatureMessage(parts: string[]): string {
  return parts.map((part) => `${part}\n`).join('');
}

/** The longest prefix of whole characters that fits in maxBytes of UTF-8. */
export function cutToUtf8Bytes(text: string, maxBytes: number): string {
  let bytes = 0;
  let kept = '';
  for (const character of text) {
    bytes += Buffer.byteLength(character);
    if (bytes > maxBytes) break;
    kept += character;
  }
  return kept;
}


/** Platform verification keys by upper-case serial. A certificate must carry the serial it is configured under. */
export function loadPlatformKeys(keys: WechatPayOptions['platformKeys']): Map<string, KeyObject> {
  const bySerial = new Map<string, KeyObject>();
  for (const { serial, pem } of keys) {
    const id = serial.trim().toUpperCase();
    if (pem.includes('BEGIN CERTIFICATE')) {
      const certificate = new X509Certificate(pem);
      if (withoutLeadingZeros(certificate.serialNumber.toUpperCase()) !== withoutLeadingZeros(id)) {
        throw new Error(`微信支付平台证书的序列号是 ${certificate.serialNumber}，与配置的 ${serial} 不符`);
      }
      bySerial.set(id, certificate.publicKey);
    } else {
      bySerial.set(id, createPublicKey(pem));
    }
  }
  return bySerial;
}

function withoutLeadingZeros(hex: string): string {
  return hex.replace(/^0+(?=.)/, '');
}

interface SignedParts {
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  serial: string | undefined;
}

interface WechatAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

interface WechatTransaction {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  success_time?: unknown;
  amount?: { total?: unknown };
}

const PAID_STATES = new Set(['SUCCESS', 'REFUND']);
const PENDING_STATES = new Set(['NOTPAY', 'USERPAYING']);
const CLOSED_STATES = new Set(['CLOSED', 'REVOKED', 'PAYERROR']);

/** WeChat Pay APIv3, Native (QR) payments for a directly connected merchant. */
export function createWechatPayProvider(options: WechatPayOptions): PayProvider {
  const merchantKey = createPrivateKey(options.merchantPrivateKey);
  const platformKeys = loadPlatformKeys(options.platformKeys);
  const apiV3Key = Buffer.from(options.apiV3Key, 'utf8');
  if (apiV3Key.length !== 32) throw new Error('微信支付 APIv3 密钥应为 32 个字符');
  const apiBase = options.apiBase.replace(/\/+$/, '');
  const maxSkewSeconds = options.maxSkewSeconds ?? 300;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());

  /** Why a signed message must not be trusted, or null when it can be. */
  function signatureProblem(parts: SignedParts, body: string): string | null {
    const { timestamp, nonce, signature, serial } = parts;
    if (!timestamp || !nonce || !signature || !serial) return '缺少签名头';
    const key = platformKeys.get(serial.trim().toUpperCase());
    if (!key) return `使用了未配置的平台证书或公钥（序列号 ${serial}）`;
    if (!/^\d{1,12}$/.test(timestamp)) return '时间戳格式不对';
    if (Math.abs(now().getTime() / 1000 - Number(timestamp)) > maxSkewSeconds) return '时间戳超出允许范围';
    return verifiesWith(key, wechatSignatureMessage([timestamp, nonce, body]), signature) ? null : '签名验证失败';
  }

  async function call(method: 'GET' | 'POST', pathAndQuery: string, payload: object | undefined, label: string): Promise<WechatAnswer> {
    const url = `${apiBase}${pathAndQuery}`;
    const { pathname, search } = new URL(url);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(Math.floor(now().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex').toUpperCase();
    const signature = createSign('RSA-SHA256')
      .update(wechatSignatureMessage([method, `${pathname}${search}`, timestamp, nonce, body]))
      .sign(merchantKey, 'base64');
    const headers: Record<string, string> = {
      authorization: `${AUTHORIZATION_SCHEME} mchid="${options.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${options.merchantSerialNo}"`,
      accept: 'application/json',
      'user-agent': 'qiming-ai-pay',
    };
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const response = await requestProvider({ method, url, headers, body: payload === undefined ? undefined : body, timeoutMs, label });
    const problem = signatureProblem(responseSignedParts(response), response.text);
    if (problem) throw new ProviderError(`${label}失败：应答${problem}（HTTP ${response.status}${describeError(safeObject(response.text))}）`);
    return { status: response.status, body: safeObject(response.text) };
  }

  function failure(label: string, answer: WechatAnswer): ProviderError {
    return new ProviderError(`${label}失败：HTTP ${answer.status}${describeError(answer.body)}`);
  }

  return {
    method: 'wechat',

    async createQr(order: ProviderOrder) {
      assertFen(order.amountFen);
      const label = '微信支付下单';
      const answer = await call(
        'POST',
        '/v3/pay/transactions/native',
        {
          appid: options.appId,
          mchid: options.mchId,
          description: cutToUtf8Bytes(order.description, DESCRIPTION_MAX_BYTES),
          out_trade_no: order.outTradeNo,
          time_expire: chinaRfc3339(order.expiresAt),
          notify_url: order.notifyUrl,
          amount: { total: order.amountFen, currency: 'CNY' },
        },
        label,
      );
      const codeUrl = answer.body?.code_url;
      if (answer.status !== 200 || typeof codeUrl !== 'string' || !codeUrl) throw failure(label, answer);
      return { qrCode: codeUrl };
    },

    async verifyNotify(notify: RawNotify): Promise<VerifiedNotify> {
      const problem = signatureProblem(
        {
          timestamp: headerValue(notify.headers, 'wechatpay-timestamp'),
          nonce: headerValue(notify.headers, 'wechatpay-nonce'),
          signature: headerValue(notify.headers, 'wechatpay-signature'),
          serial: headerValue(notify.headers, 'wechatpay-serial'),
        },
        notify.body,
      );
      if (problem) throw new NotifyRejected(`微信支付通知${problem}`);
      const envelope = safeObject(notify.body);
      if (!envelope) throw new NotifyRejected('微信支付通知不是 JSON 对象');
      const transaction = decryptResource(envelope.resource, apiV3Key) as WechatTransaction;
      if (transaction.appid !== options.appId || transaction.mchid !== options.mchId) {
        throw new NotifyRejected(`微信支付通知不是本商户的（appid ${String(transaction.appid)}，mchid ${String(transaction.mchid)}）`);
      }
      const paid = envelope.event_type === 'TRANSACTION.SUCCESS' && transaction.trade_state === 'SUCCESS';
      const outTradeNo = transaction.out_trade_no;
      const amountFen = transaction.amount?.total;
      const providerTradeNo = transaction.transaction_id ?? (paid ? undefined : '');
      if (typeof outTradeNo !== 'string' || !outTradeNo || !isFen(amountFen) || typeof providerTradeNo !== 'string' || (paid && !providerTradeNo)) {
        throw new NotifyRejected('微信支付通知缺少订单号、金额或微信支付订单号');
      }
      return { outTradeNo, paid, amountFen, providerTradeNo, paidAt: paid ? parseTime(transaction.success_time) : null };
    },

    notifyAck(ok: boolean): NotifyAck {
      // v3 takes any 2xx (an empty body is fine) as received; anything else makes WeChat Pay retry.
      return ok
        ? { status: 200, contentType: 'application/json; charset=utf-8', body: '' }
        : { status: 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: '失败' }) };
    },

    async query(outTradeNo: string): Promise<ProviderTradeState> {
      const label = '微信支付查单';
      const answer = await call('GET', `${tradePath(outTradeNo)}?mchid=${encodeURIComponent(options.mchId)}`, undefined, label);
      if (errorCode(answer.body) === 'ORDER_NOT_EXIST') return { state: 'unknown' };
      if (answer.status !== 200 || !answer.body) throw failure(label, answer);
      const transaction = answer.body as WechatTransaction;
      const tradeState = String(transaction.trade_state);
      if (PENDING_STATES.has(tradeState)) return { state: 'pending' };
      if (CLOSED_STATES.has(tradeState)) return { state: 'closed' };
      if (!PAID_STATES.has(tradeState)) throw new ProviderError(`${label}失败：未知的交易状态 ${tradeState}`);
      const amountFen = transaction.amount?.total;
      const providerTradeNo = transaction.transaction_id;
      if (!isFen(amountFen) || typeof providerTradeNo !== 'string' || !providerTradeNo) {
        throw new ProviderError(`${label}失败：已支付的订单缺少金额或微信支付订单号`);
      }
      return { state: 'paid', amountFen, providerTradeNo, paidAt: parseTime(transaction.success_time) };
    },

    async close(outTradeNo: string) {
      const label = '微信支付关单';
      const answer = await call('POST', `${tradePath(outTradeNo)}/close`, { mchid: options.mchId }, label);
      if (answer.status === 204 || answer.status === 200) return;
      // WeChat Pay never saw the order (the QR was never scanned): nothing to close.
      if (errorCode(answer.body) === 'ORDER_NOT_EXIST') return;
      throw failure(label, answer);
    },
  };
}

function tradePath(outTradeNo: string): string {
  return `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}`;
}

function responseSignedParts(response: ProviderResponse): SignedParts {
  const get = (name: string) => response.headers.get(name) ?? undefined;
  return { timestamp: get('wechatpay-timestamp'), nonce: get('wechatpay-nonce'), signature: get('wechatpay-signature'), serial: get('wechatpay-serial') };
}

/** Decrypts an AEAD_AES_256_GCM resource: the base64 ciphertext is the encrypted data followed by the 16-byte tag. */
function decryptResource(resource: unknown, apiV3Key: Buffer): Record<string, unknown> {
  const { algorithm, ciphertext, nonce, associated_data: associatedData } = (resource ?? {}) as Record<string, unknown>;
  if (algorithm !== 'AEAD_AES_256_GCM' || typeof ciphertext !== 'string' || typeof nonce !== 'string' || !nonce) {
    throw new NotifyRejected('微信支付通知的 resource 不完整或算法不受支持');
  }
  if (associatedData !== undefined && typeof associatedData !== 'string') throw new NotifyRejected('微信支付通知的 associated_data 不是字符串');
  const sealed = Buffer.from(ciphertext, 'base64');
  if (sealed.length <= GCM_TAG_BYTES) throw new NotifyRejected('微信支付通知的密文太短');
  let plaintext: string;
  try {
    const decipher = createDecipheriv('aes-256-gcm', apiV3Key, Buffer.from(nonce, 'utf8'));
    decipher.setAAD(Buffer.from(associatedData ?? '', 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - GCM_TAG_BYTES));
    plaintext = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - GCM_TAG_BYTES)), decipher.final()]).toString('utf8');
  } catch {
    throw new NotifyRejected('微信支付通知无法解密（APIv3 密钥不对或密文被改动）');
  }
  const transaction = safeObject(plaintext);
  if (!transaction) throw new NotifyRejected('微信支付通知解密后不是 JSON 对象');
  return transaction;
}

function verifiesWith(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message).verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

function headerValue(headers: RawNotify['headers'], name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value[0] : value;
  }
  return undefined;
}

function safeObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function errorCode(body: Record<string, unknown> | null): string | undefined {
  return typeof body?.code === 'string' ? body.code : undefined;
}

function describeError(body: Record<string, unknown> | null): string {
  const code = errorCode(body);
  if (!code) return '';
  return `，${code}${typeof body?.message === 'string' ? ` ${body.message}` : ''}`;
}

function isFen(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function assertFen(amountFen: number): void {
  if (!Number.isSafeInteger(amountFen) || amountFen <= 0) throw new RangeError(`金额必须是正整数（分），收到 ${amountFen}`);
}

function parseTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time);
}
