import { decodeJwt } from 'jose';
import assert from 'node:assert/strict';
import type { CodeScene, LoginResult, OutboxMessage } from '@qiming/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { signed } from './signature.js';
import { humanTrace } from '../modules/captcha/testing.js';

/** Test apps for account flows: a fixed JWT key, and send limits out of the way of many codes per target. */
export const ACCOUNT_TEST_ENV: Record<string, string> = {
  JWT_SECRET: 'test-jwt-secret-0123456789abcdefghijklmnop',
  CODE_RATE_PER_TARGET_MINUTE: '1000',
  CODE_RATE_PER_TARGET_DAY: '1000',
  CODE_RATE_PER_IP_HOUR: '100000',
  CAPTCHA_RATE_PER_IP: '100000',
  CAPTCHA_RATE_PER_TARGET: '100000',
};

export interface CallOptions {
  payload?: unknown;
  token?: string;
  headers?: Record<string, string>;
  cookies?: Record<string, string>;
  /** The client's address (the socket's: no proxy is trusted by default). */
  remoteAddress?: string;
}

/** A signed call to /app-api/<path>, as the SDK makes it (bearer when a token is given). */
export function call(server: FastifyInstance, method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return server.inject(signed({ method, url: `/app-api/${path}`, payload: options.payload as object | undefined, headers, cookies: options.cookies, remoteAddress: options.remoteAddress }));
}

/** The envelope of a call that must answer HTTP 200. */
export async function envelope<T = unknown>(server: FastifyInstance, method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<{ code: number; data: T; msg: string }> {
  const response = await call(server, method, path, options);
  assert.equal(response.statusCode, 200, `${path}: HTTP ${response.statusCode} ${response.body}`);
  return response.json();
}

/** The data of a call that must succeed (code 0). */
export async function data<T = unknown>(server: FastifyInstance, method: 'GET' | 'POST', path: string, options: CallOptions = {}): Promise<T> {
  const answer = await envelope<T>(server, method, path, options);
  assert.equal(answer.code, 0, `${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

export type Target = { phone: string } | { email: string };

const targetOf = (target: Target) => ('phone' in target ? target.phone : target.email);

/** Solves a slide captcha the way the login page does, with the answer from the dev endpoint. */
async function captchaToken(server: FastifyInstance): Promise<string> {
  const { captchaId, pieceY } = await data<{ captchaId: string; pieceY: number }>(server, 'POST', 'captcha/get');
  const answer = await server.inject({ method: 'GET', url: `/app-api/dev/captcha/${captchaId}` });
  const hole = answer.json().data as { x: number; y: number };
  return (await data<{ captchaToken: string }>(server, 'POST', 'captcha/check', { payload: { captchaId, ...hole, trace: humanTrace({ x: 0, y: pieceY }, hole) } })).captchaToken;
}

/** Sends a code through the real verification module and reads it from the dev outbox. */
export async function sendCode(server: FastifyInstance, target: Target, scene: CodeScene): Promise<string> {
  const channel = 'phone' in target ? 'phone' : 'email';
  const path = scene === 'reset' ? `system/user/send-${channel}-verification-code-reset` : `system/user/send-${channel}-verification-code`;
  const payload = { ...target, ...(scene === 'reset' ? {} : { scene }), captchaToken: await captchaToken(server) };
  await data(server, 'POST', path, { payload });
  const outbox = await server.inject({ method: 'GET', url: `/app-api/dev/outbox?to=${encodeURIComponent(targetOf(target))}` });
  const [latest] = outbox.json().data as OutboxMessage[];
  assert.ok(latest, `no message to ${targetOf(target)} in the dev outbox`);
  assert.equal(latest.scene, scene);
  return latest.code;
}

/** Registers through the HTTP API; resolves the LoginResult. `ip` is the client's address. */
export async function register(server: FastifyInstance, target: Target, extra: { password?: string; aff?: string; ip?: string } = {}): Promise<LoginResult> {
  const code = await sendCode(server, target, 'register');
  const { ip, ...fields } = extra;
  return data<LoginResult>(server, 'POST', `system/user/${'phone' in target ? 'registerUserByPhone' : 'registerUserByEmail'}`, {
    payload: { ...target, code, ...fields },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

let phoneCounter = 0;
/** A mainland mobile number no other test of this process uses. */
export function uniquePhone(): string {
  phoneCounter++;
  return `139${String(process.pid % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(4, '0')}`;
}

let emailCounter = 0;
export function uniqueEmail(name = 'user'): string {
  emailCounter++;
  return `${name}${emailCounter}.${process.pid}@example.com`;
}

/** A newly registered user (by phone): id, access token and phone. */
export async function registeredUser(server: FastifyInstance): Promise<{ id: string; token: string; phone: string }> {
  const phone = uniquePhone();
  const { accessToken } = await register(server, { phone });
  return { id: decodeJwt(accessToken).sub!, token: accessToken, phone };
}
