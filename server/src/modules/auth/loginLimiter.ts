import { AppError } from '../../http/envelope.js';
import type { SharedState } from '../../sharedState/index.js';
import { AUTH_CODES } from './codes.js';

export interface LoginLimits {
  perAccount: number;
  perIp: number;
  windowMinutes: number;
}

/**
 * Password failures, counted per account and per IP in fixed windows (SharedState, so every
 * instance counts together). Reaching a limit locks that account or IP for one window; the lock
 * carries its end so the message can say how long.
 */
export class LoginLimiter {
  constructor(
    private readonly state: SharedState,
    private readonly limits: LoginLimits,
  ) {}

  /** 1204 while the account or the IP is locked. */
  async assertAllowed(account: string, ip: string): Promise<void> {
    const locks = await Promise.all([this.state.get(lockKey('account', account)), this.state.get(lockKey('ip', ip))]);
    const until = Math.max(...locks.map((value) => (value ? Number(value) : 0)));
    const minutes = Math.ceil((until - Date.now()) / 60_000);
    if (minutes > 0) throw new AppError(AUTH_CODES.loginLocked, `登录失败次数过多，请 ${minutes} 分钟后再试`);
  }

  /** A wrong password (account known) or a password login for an unknown account (IP only). */
  async recordFailure(ip: string, account: string | null): Promise<void> {
    await this.count('ip', ip, this.limits.perIp);
    if (account !== null) await this.count('account', account, this.limits.perAccount);
  }

  /** A successful login or a password reset starts the account's count again. */
  async clear(account: string): Promise<void> {
    await this.state.delete(failKey('account', account));
  }

  private async count(scope: Scope, subject: string, limit: number): Promise<void> {
    const windowSeconds = this.limits.windowMinutes * 60;
    const failures = await this.state.increment(failKey(scope, subject), windowSeconds);
    if (failures < limit) return;
    await this.state.set(lockKey(scope, subject), String(Date.now() + windowSeconds * 1000), windowSeconds);
    await this.state.delete(failKey(scope, subject));
  }
}

type Scope = 'account' | 'ip';
const failKey = (scope: Scope, subject: string) => `login:fail:${scope}:${subject}`;
const lockKey = (scope: Scope, subject: string) => `login:lock:${scope}:${subject}`;
