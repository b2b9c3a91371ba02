import type { preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError, ok } from '../../http/envelope.js';
import type { ModuleApp } from '../module.js';
import type { LoginIdentifier } from '../users/service.js';
import { requireEmail, requirePhone } from '../verification/identifiers.js';
import type { AccountService } from './accounts.js';
import { currentUser } from '../../http/requestUser.js';
import { PASSWORD_MAX_LENGTH } from './passwords.js';
import { REFRESH_TOKEN_INVALID, type SessionService } from './sessions.js';

export interface AuthRouteOptions {
  accounts: AccountService;
  sessions: SessionService;
  requireUser: preHandlerAsyncHookHandler;
}

/** The identifiers are parsed by the verification module's rules, so both answer the same messages. */
const byPhone = (value: unknown): LoginIdentifier => ({ kind: 'phone', phone: requirePhone(value) });
const byEmail = (value: unknown): LoginIdentifier => ({ kind: 'email', email: requireEmail(value) });
const code = z.string().trim().min(1, '请输入验证码').max(16);
const password = z.string().max(PASSWORD_MAX_LENGTH, '密码最多 128 位');
/** Forms send "" for a field left empty: the same as leaving it out. */
const optional = <T extends z.ZodType<string | undefined>>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

const Register = { code, password: optional(password), aff: optional(z.string().max(32)) };
const RegisterByPhone = z.object({ phone: z.unknown().optional(), ...Register });
const RegisterByEmail = z.object({ email: z.unknown().optional(), ...Register });
const Login = { code: optional(code), password: optional(password) };
const LoginByPhone = z.object({ phone: z.unknown().optional(), ...Login });
const LoginByEmail = z.object({ email: z.unknown().optional(), ...Login });
const ResetByPhone = z.object({ phone: z.unknown().optional(), code, password });
const ResetByEmail = z.object({ email: z.unknown().optional(), code, password });

/** The refresh token from ?refreshToken= (what the SDK sends) or the JSON body. */
function refreshTokenOf(query: unknown, body: unknown): string {
  const pick = (source: unknown) => {
    const value = (source as { refreshToken?: unknown } | null | undefined)?.refreshToken;
    return typeof value === 'string' && value.length > 0 && value.length <= 256 ? value : undefined;
  };
  const token = pick(query) ?? pick(body);
  if (!token) throw new AppError(401, REFRESH_TOKEN_INVALID, 401);
  return token;
}

export async function authRoutes(app: ModuleApp, { accounts, sessions, requireUser }: AuthRouteOptions): Promise<void> {
  app.post('/system/user/registerUserByPhone', { schema: { body: RegisterByPhone } }, async (request) => {
    const { phone, ...input } = request.body;
    return ok(await accounts.register(byPhone(phone), input, request.ip));
  });
  app.post('/system/user/registerUserByEmail', { schema: { body: RegisterByEmail } }, async (request) => {
    const { email, ...input } = request.body;
    return ok(await accounts.register(byEmail(email), input, request.ip));
  });

  app.post('/system/auth/loginByPhone', { schema: { body: LoginByPhone } }, async (request) => {
    const { phone, ...input } = request.body;
    return ok(await accounts.login(byPhone(phone), input, request.ip));
  });
  app.post('/system/auth/loginByEmail', { schema: { body: LoginByEmail } }, async (request) => {
    const { email, ...input } = request.body;
    return ok(await accounts.login(byEmail(email), input, request.ip));
  });

  app.post('/system/user/resetPasswordByPhone', { schema: { body: ResetByPhone } }, async (request) => {
    const { phone, ...input } = request.body;
    await accounts.resetPassword(byPhone(phone), input);
    return ok(null);
  });
  app.post('/system/user/resetPasswordByEmail', { schema: { body: ResetByEmail } }, async (request) => {
    const { email, ...input } = request.body;
    await accounts.resetPassword(byEmail(email), input);
    return ok(null);
  });

  app.post('/system/auth/refresh-token', async (request) => ok(await sessions.refresh(refreshTokenOf(request.query, request.body))));

  app.post('/system/auth/logout', { preValidation: requireUser }, async (request) => {
    await sessions.end(currentUser(request).sessionId);
    return ok(null);
  });
}
