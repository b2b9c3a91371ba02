import { createHmac, randomUUID } from 'node:crypto';
import { callOutbound, parseJsonObject } from '../../http/outbound.js';
import type { CodeSender } from './codeSender.js';

export const ALIYUN_SMS_ENDPOINT = 'https://dysmsapi.aliyuncs.com/';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  /** An approved template with one variable, `${code}`. */
  templateCode: string;
  endpoint: string;
  /** Milliseconds before a call is given up (default 10 s). */
  timeoutMs?: number;
}

/** RFC 3986 percent-encoding as Aliyun's RPC signature wants it: only A-Z a-z 0-9 - _ . ~ stay as they are. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The parameters sorted by name, encoded, joined as `a=1&b=2`: what is signed, and the request body. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name]!)}`)
    .join('&');
}

/**
 * Aliyun's RPC signature (SignatureMethod HMAC-SHA1, SignatureVersion 1.0): base64 of
 * HMAC-SHA1 with key `secret + "&"` over `METHOD & percentEncode("/") & percentEncode(canonical query)`.
 */
export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
}

/** The SendSms parameters (Version 2017-05-25), common ones included, Signature excluded. */
export function sendSmsParams(options: AliyunSmsOptions, phone: string, code: string, at: Date, nonce: string): Record<string, string> {
  return {
    AccessKeyId: options.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: phone,
    RegionId: 'cn-hangzhou',
    SignName: options.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: options.templateCode,
    TemplateParam: JSON.stringify({ code }),
    Timestamp: at.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
}

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
}

/** SMS through Aliyun's SendSms RPC call: a signed form POST; anything but Code "OK" rejects. */
export function createAliyunSmsSender(options: AliyunSmsOptions): CodeSender {
  return {
    channel: 'sms',
    async send(to, code) {
      const params = sendSmsParams(options, to, code, new Date(), randomUUID());
      const body = `${canonicalQuery(params)}&Signature=${percentEncode(rpcSignature('POST', params, options.accessKeySecret))}`;
      const response = await callOutbound({
        url: options.endpoint,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        timeoutMs: options.timeoutMs ?? 10_000,
        label: 'Aliyun SendSms',
      });
      const text = response.text();
      // Not JSON: reported below with the status and the start of the text.
      const answer: SendSmsAnswer = parseJsonObject(text) ?? {};
      if (!response.ok || answer.Code !== 'OK') {
        const reason = answer.Code ? `${answer.Code}: ${answer.Message ?? ''} (RequestId ${answer.RequestId ?? '?'})` : text.slice(0, 200);
        throw new Error(`Aliyun SendSms answered HTTP ${response.status}, ${reason}`);
      }
    },
  };
}
