import type { CodeScene, LoginResult } from '@qiming/contracts';
import { AppError } from '../../http/envelope.js';
import { DuplicateAccountError, type LoginIdentifier, type UsersService } from '../users/service.js';
import { emailName, maskedPhone } from '../users/usernames.js';
import { AUTH_CODES } from './codes.js';
import type { LoginLimiter } from './loginLimiter.js';
import { assertPasswordRule, hashPassword, passwordMatches } from './passwords.js';
import type { SessionService } from './sessions.js';

/** The verification module's check of a code sent to a phone or an address (throws 1101/1102/1103). */
export interface CodeVerifier {
  verifyCode(scene: CodeScene, target: string, code: string): Promise<void>;
}

export interface RegisterInput {
  code: string;
  password?: string;
  aff?: string;
}

export interface LoginInput {
  code?: string;
  password?: string;
}

const targetOf = (id: LoginIdentifier) => (id.kind === 'phone' ? id.phone : id.email);
const limiterKey = (id: LoginIdentifier) => `${id.kind}:${targetOf(id)}`;

const refusals = {
  exists: (id: LoginIdentifier) => new AppError(AUTH_CODES.accountExists, id.kind === 'phone' ? '该手机号已注册' : '该邮箱已注册'),
  missing: () => new AppError(AUTH_CODES.accountMissing, '账号不存在，请先注册'),
  wrongPassword: () => new AppError(AUTH_CODES.passwordWrong, '账号或密码错误'),
  noPassword: () => new AppError(AUTH_CODES.noPassword, '该账号未设置密码，请使用验证码登录'),
};

/** Registration, login and password reset by phone or e-mail. */
export class AccountService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly limiter: LoginLimiter,
    private readonly codes: CodeVerifier,
  ) {}

  /** The account checks come before the code, so a refused call does not use the code up. `ip`: the invite same-IP check. */
  async register(id: LoginIdentifier, input: RegisterInput, ip?: string): Promise<LoginResult> {
    if (await this.users.byLogin(id)) throw refusals.exists(id);
    if (input.password !== undefined) assertPasswordRule(input.password);
    await this.codes.verifyCode('register', targetOf(id), input.code);
    const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
    try {
      const user = await this.users.create({
        ...(id.kind === 'phone' ? { phone: id.phone, username: maskedPhone(id.phone), uniqueUsername: false } : { email: id.email, username: emailName(id.email), uniqueUsername: true }),
        passwordHash,
        aff: input.aff,
        registrationIp: ip,
      });
      return await this.sessions.start(user);
    } catch (error) {
      if (error instanceof DuplicateAccountError) throw refusals.exists(id);
      throw error;
    }
  }

  async login(id: LoginIdentifier, input: LoginInput, ip: string): Promise<LoginResult> {
    if (input.code === undefined && input.password === undefined) throw new AppError(400, '请输入验证码或密码');
    if (input.code !== undefined && input.password !== undefined) throw new AppError(400, '验证码和密码只能填写一项');
    if (input.password !== undefined) return this.loginWithPassword(id, input.password, ip);

    const user = await this.users.byLogin(id);
    if (!user) throw refusals.missing();
    await this.codes.verifyCode('login', targetOf(id), input.code!);
    await this.limiter.clear(limiterKey(id));
    return this.sessions.start(user);
  }

  /** Sets a new password and ends every session of the account. */
  async resetPassword(id: LoginIdentifier, input: { code: string; password: string }): Promise<void> {
    const user = await this.users.byLogin(id);
    if (!user) throw refusals.missing();
    assertPasswordRule(input.password);
    await this.codes.verifyCode('reset', targetOf(id), input.code);
    await this.users.setPasswordHash(user.id, await hashPassword(input.password));
    await this.sessions.endAll(user.id);
    await this.limiter.clear(limiterKey(id));
  }

  /**
   * Only password attempts count towards the lock: a stranger guessing passwords must not lock
   * the owner out of code logins, which the verification module limits on its own.
   */
  private async loginWithPassword(id: LoginIdentifier, password: string, ip: string): Promise<LoginResult> {
    const account = limiterKey(id);
    await this.limiter.assertAllowed(account, ip);
    const user = await this.users.byLogin(id);
    if (!user) {
      await this.limiter.recordFailure(ip, null);
      throw refusals.missing();
    }
    if (!user.password_hash) throw refusals.noPassword();
    if (!(await passwordMatches(user.password_hash, password))) {
      await this.limiter.recordFailure(ip, account);
      throw refusals.wrongPassword();
    }
    await this.limiter.clear(account);
    return this.sessions.start(user);
  }
}
