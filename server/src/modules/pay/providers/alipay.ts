import { createPrivateKey, createPublicKey, createSign, createVerify, type KeyObject } from 'node:crypto';
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
import { formatChinaDateTime, parseChinaDateTime } from '../../../chinaTime.js';
import { parseJsonObject, requestProvider } from './providerHttp.js';

export interface AlipayOptions {
  appId: string;
  /** The app's RSA2 private key, PEM (PKCS#8 or PKCS#1). */
  appPrivateKey: string;
  /** Alipay's public key, PEM. */
  alipayPublicKey: string;
  /** The merchant's Alipay user id (seller_id, 2088…); when set, notifications for another seller are refused. */
  sellerId?: string;
  /** Default https://openapi.alipay.com/gateway.do */
  gateway: string;
  now?: () => Date;
  timeoutMs?: number;
}

export const ALIPAY_GATEWAY = 'https://openapi.alipay.com/gateway.do';
const SUBJECT_MAX_CHARACTERS = 256;
const PAID_STATUSES = new Set(['TRADE_SUCCESS', 'TRADE_FINISHED']);

/** What Alipay signs: the parameters sorted by name, empty ones left out, raw `name=value` joined by &. */
export function alipaySignContent(params: Record<string, string | undefined>): string {
  return Object.keys(params)
    .filter((name) => params[name])
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((name) => `${name}=${params[name]}`)
    .join('&');
}

/** 680 → "6.80". */
export function fenToYuan(fen: number): string {
  return `${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** "6.8", "6.80" and "6.800" → 680, read as a decimal (no floating point); null for anything that is not whole fen. */
export function yuanToFen(text: string): number | null {
  const match = /^(\d{1,12})(?:\.(\d{1,2})0*)?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}


/**
 * The exact text of a top-level member's value in a JSON object (the text must be valid JSON).
 * Alipay signs the `<method>_response` value as it sent it, so it must not be re-serialised.
 */
export function rawMemberText(json: string, name: string): string | undefined {
  let index = skipWhitespace(json, 0);
  if (json[index] !== '{') return undefined;
  index = skipWhitespace(json, index + 1);
  while (index < json.length && json[index] === '"') {
    const keyEnd = endOfValue(json, index);
    const key = JSON.parse(json.slice(index, keyEnd)) as string;
    const valueStart = skipWhitespace(json, skipWhitespace(json, keyEnd) + 1);
    const valueEnd = endOfValue(json, valueStart);
    if (key === name) return json.slice(valueStart, valueEnd);
    index = skipWhitespace(json, valueEnd);
    if (json[index] === ',') index = skipWhitespace(json, index + 1);
  }
  return undefined;
}

function skipWhitespace(text: string, index: number): number {
  while (index < text.length && /\s/.test(text[index]!)) index++;
  return index;
}

/** The index just past the JSON value starting at `start`. */
function endOfValue(text: string, start: number): number {
  let depth = 0;
  for (let index = start; index < text.length; index++) {
    const character = text[index];
    if (character === '"') {
      index = endOfString(text, index) - 1;
      if (depth === 0) return index + 1;
    } else if (character === '{' || character === '[') {
      depth++;
    } else if (character === '}' || character === ']') {
      if (depth === 0) return index;
      depth--;
      if (depth === 0) return index + 1;
    } else if (depth === 0 && (character === ',' || /\s/.test(character!))) {
      return index;
    }
  }
  return text.length;
}

function endOfString(text: string, start: number): number {
  for (let index = start + 1; index < text.length; index++) {
    if (text[index] === '\\') index++;
    else if (text[index] === '"') return index + 1;
  }
  return text.length;
}

type AlipayResult = Record<string, unknown>;

/** Alipay open platform (RSA2), 当面付 precreate: the payer scans our QR code. */
export function createAlipayProvider(options: AlipayOptions): PayProvider {
  const appKey = createPrivateKey(options.appPrivateKey);
  const alipayKey = createPublicKey(options.alipayPublicKey);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());
  const gatewayUrl = new URL(options.gateway);
  // Alipay reads the charset from the query string before it decodes the form; without it, Chinese text fails the signature.
  gatewayUrl.searchParams.set('charset', 'utf-8');

  async function call(method: string, bizContent: object, extra: Record<string, string>, label: string): Promise<AlipayResult> {
    const params: Record<string, string> = {
      app_id: options.appId,
      method,
      format: 'JSON',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: formatChinaDateTime(now()),
      version: '1.0',
      ...extra,
      biz_content: JSON.stringify(bizContent),
    };
    const sign = createSign('RSA-SHA256').update(alipaySignContent(params)).sign(appKey, 'base64');
    const response = await requestProvider({
      method: 'POST',
      url: gatewayUrl.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8', accept: 'application/json' },
      body: new URLSearchParams({ ...params, sign }).toString(),
      timeoutMs,
      label,
    });
    if (response.status !== 200) throw new ProviderError(`${label}失败：HTTP ${response.status}`);
    const whole = parseJsonObject(response.text, label);
    const responseName = `${method.replaceAll('.', '_')}_response`;
    const memberName = responseName in whole ? responseName : 'error_response' in whole ? 'error_response' : null;
    const result = memberName ? whole[memberName] : null;
    if (!memberName || !result || typeof result !== 'object') throw new ProviderError(`${label}失败：应答里没有 ${responseName}`);
    const signedText = rawMemberText(response.text, memberName);
    if (typeof whole.sign !== 'string' || signedText === undefined || !verifiesWith(alipayKey, signedText, whole.sign)) {
      throw new ProviderError(`${label}失败：应答未通过验签${describeResult(result as AlipayResult)}`);
    }
    return result as AlipayResult;
  }

  return {
    method: 'alipay',

    async createQr(order: ProviderOrder) {
      if (!Number.isSafeInteger(order.amountFen) || order.amountFen <= 0) throw new RangeError(`金额必须是正整数（分），收到 ${order.amountFen}`);
      const label = '支付宝下单';
      const result = await call(
        'alipay.trade.precreate',
        {
          out_trade_no: order.outTradeNo,
          total_amount: fenToYuan(order.amountFen),
          subject: Array.from(order.description).slice(0, SUBJECT_MAX_CHARACTERS).join(''),
          time_expire: formatChinaDateTime(order.expiresAt),
        },
        { notify_url: order.notifyUrl },
        label,
      );
      if (result.code !== '10000' || typeof result.qr_code !== 'string' || !result.qr_code) throw failure(label, result);
      return { qrCode: result.qr_code };
    },

    async verifyNotify(notify: RawNotify): Promise<VerifiedNotify> {
      const params = new Map<string, string>();
      for (const [name, value] of new URLSearchParams(notify.body)) {
        if (params.has(name)) throw new NotifyRejected(`支付宝通知的参数 ${name} 出现了两次`);
        params.set(name, value);
      }
      const sign = params.get('sign');
      if (!sign) throw new NotifyRejected('支付宝通知没有签名');
      if ((params.get('sign_type') ?? 'RSA2') !== 'RSA2') throw new NotifyRejected(`支付宝通知的签名类型 ${params.get('sign_type')} 不受支持`);
      const signed = Object.fromEntries([...params].filter(([name]) => name !== 'sign' && name !== 'sign_type'));
      if (!verifiesWith(alipayKey, alipaySignContent(signed), sign)) throw new NotifyRejected('支付宝通知签名验证失败');
      if (signed.app_id !== options.appId) throw new NotifyRejected(`支付宝通知不是本应用的（app_id ${signed.app_id ?? '空'}）`);
      if (options.sellerId && signed.seller_id !== options.sellerId) throw new NotifyRejected(`支付宝通知不是本商户的（seller_id ${signed.seller_id ?? '空'}）`);
      const { out_trade_no: outTradeNo, trade_no: providerTradeNo, trade_status: tradeStatus, total_amount: totalAmount } = signed;
      const amountFen = totalAmount === undefined ? null : yuanToFen(totalAmount);
      if (!outTradeNo || !providerTradeNo || !tradeStatus || amountFen === null) throw new NotifyRejected('支付宝通知缺少订单号、支付宝交易号、交易状态或金额');
      const paid = PAID_STATUSES.has(tradeStatus);
      return { outTradeNo, paid, amountFen, providerTradeNo, paidAt: paid ? parseChinaDateTime(signed.gmt_payment) : null };
    },

    notifyAck(ok: boolean): NotifyAck {
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: ok ? 'success' : 'fail' };
    },

    async query(outTradeNo: string): Promise<ProviderTradeState> {
      const label = '支付宝查单';
      const result = await call('alipay.trade.query', { out_trade_no: outTradeNo }, {}, label);
      // Alipay only knows a precreated order once the payer has scanned its QR code.
      if (isTradeNotExist(result)) return { state: 'unknown' };
      if (result.code !== '10000') throw failure(label, result);
      const tradeStatus = String(result.trade_status);
      if (tradeStatus === 'WAIT_BUYER_PAY') return { state: 'pending' };
      if (tradeStatus === 'TRADE_CLOSED') return { state: 'closed' };
      if (!PAID_STATUSES.has(tradeStatus)) throw new ProviderError(`${label}失败：未知的交易状态 ${tradeStatus}`);
      const amountFen = typeof result.total_amount === 'string' ? yuanToFen(result.total_amount) : null;
      if (amountFen === null || typeof result.trade_no !== 'string' || !result.trade_no) {
        throw new ProviderError(`${label}失败：已支付的交易缺少金额或支付宝交易号`);
      }
      return { state: 'paid', amountFen, providerTradeNo: result.trade_no, paidAt: parseChinaDateTime(result.send_pay_date) };
    },

    async close(outTradeNo: string) {
      const label = '支付宝关单';
      const result = await call('alipay.trade.close', { out_trade_no: outTradeNo }, {}, label);
      if (result.code === '10000' || isTradeNotExist(result)) return;
      throw failure(label, result);
    },
  };
}

function isTradeNotExist(result: AlipayResult): boolean {
  return result.code === '40004' && result.sub_code === 'ACQ.TRADE_NOT_EXIST';
}

function verifiesWith(key: KeyObject, content: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

function failure(label: string, result: AlipayResult): ProviderError {
  return new ProviderError(`${label}失败${describeResult(result)}`);
}

function describeResult(result: AlipayResult): string {
  const parts = [result.code, result.msg, result.sub_code, result.sub_msg].filter((part) => typeof part === 'string' && part);
  return parts.length ? `（${parts.join(' ')}）` : '';
}
