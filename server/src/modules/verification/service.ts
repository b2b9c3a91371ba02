import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH_CODES, type CodeScene, type SendCodeResult } from '@qiming/contracts';
import type { Log } from '../../log.js';
import type { ServerConfig } from '../../config.js';
import { AppError } from '../../http/envelope.js';
import type { SharedState } from '../../sharedState/index.js';
import type { DevOutbox } from './devOutbox.js';
import { CODE_TTL_SECONDS, type Channel, type CodeSender } from './codeSender.js';
import { normaliseTarget } from './identifiers.js';
import { chinaToday, SendQuotas, type Quota, type Taken } from './sendQuotas.js';

const REFUSALS = AUTH_CODES;

/** Wrong tries a code survives; the next try after the last of them is refused with 1103. */
export const MAX_CODE_ATTEMPTS = 5;
/** Not an AUTH_CODES refusal: the provider failed. HTTP 200 so the client shows this message. */
export const SEND_FAILED = { code: 500, msg: '验证码发送失败，请稍后重试' } as const;

/** A channel without a sender: refused before the captcha token or a quota is used. HTTP 200 so the client shows it. */
export const CHANNEL_UNAVAILABLE: Record<Channel, { code: number; msg: string }> = {
  sms: { code: 503, msg: '短信验证码暂不可用，请使用其他方式登录' },
  email: { code: 503, msg: '邮件验证码暂不可用，请使用其他方式登录' },
};

export interface SendCodeRequest {
  channel: Channel;
  /** Normalised (normalisePhone / normaliseEmail). */
  target: string;
  scene: CodeScene;
  captchaToken: string | undefined;
  ip: string;
}

export interface VerificationOptions {
  state: SharedState;
  /** null: the channel has no sender (production without its provider): sends are refused. */
  senders: Record<Channel, CodeSender | null>;
  /** The channels whose sender is the dev outbox. */
  outboxChannels: ReadonlySet<Channel>;
  outbox: DevOutbox;
  captcha: { consumeCaptchaToken(token: string, target?: string): Promise<boolean> };
  /** Key of the codes' HMAC: without it a leaked store could be brute-forced (only 10^6 codes). */
  pepper: string;
  rates: ServerConfig['codeRates'];
  log: Log;
  /** Tests only: the real lifetime is CODE_TTL_SECONDS, which the message text promises. */
  codeTtlSeconds?: number;
}

/** What shared state holds under code:<scene>:<target>: the code's HMAC, or the mark of too many wrong tries. */
type StoredCode = { id: string; hash: string; expiresAt: number } | { locked: true; expiresAt: number };

const codeKey = (scene: CodeScene, target: string) => `code:${scene}:${target}`;

/**
 * Verification codes: sending (captcha token, rate limits, one of the senders) and checking. Codes
 * are kept only as an HMAC, with a count of tries; a new code for the same scene and target
 * replaces the old one. Knows nothing of accounts: whether a target may register, log in or reset
 * is the accounts module's question, asked before it calls verifyCode.
 */
export class VerificationService {
  readonly outbox: DevOutbox;
  readonly outboxChannels: ReadonlySet<Channel>;
  private readonly quotas: SendQuotas;
  private readonly codeTtlSeconds: number;

  constructor(private readonly options: VerificationOptions) {
    this.outbox = options.outbox;
    this.outboxChannels = options.outboxChannels;
    this.quotas = new SendQuotas(options.state);
    this.codeTtlSeconds = options.codeTtlSeconds ?? CODE_TTL_SECONDS;
  }

  async sendCode({ channel, target, scene, captchaToken, ip }: SendCodeRequest): Promise<SendCodeResult> {
    const sender = this.options.senders[channel];
    if (!sender) throw new AppError(CHANNEL_UNAVAILABLE[channel].code, CHANNEL_UNAVAILABLE[channel].msg);
    if (!captchaToken || !(await this.options.captcha.consumeCaptchaToken(captchaToken, target))) {
      throw new AppError(REFUSALS.captchaRequired, '请先完成滑块验证');
    }
    const { taken, resendAfterSeconds } = await this.takeQuotas(target, ip);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      await sender.send(target, code, scene);
    } catch (error) {
      await Promise.all(taken.map((t) => this.quotas.giveBack(t)));
      this.options.log.error({ err: error, channel, scene }, 'verification code could not be sent');
      throw new AppError(SEND_FAILED.code, SEND_FAILED.msg);
    }
    const stored: StoredCode = { id: randomBytes(12).toString('base64url'), hash: this.hash(scene, target, code), expiresAt: Date.now() + this.codeTtlSeconds * 1000 };
    await this.options.state.set(codeKey(scene, target), JSON.stringify(stored), this.codeTtlSeconds);
    return { resendAfterSeconds, devOutbox: this.outboxChannels.has(channel) };
  }

  /**
   * Resolves when `code` is the code last sent to `target` for `scene`, and uses it up. Refusals
   * (AppError): 1101 wrong (the code survives MAX_CODE_ATTEMPTS wrong tries), 1103 after that
   * until a new code is sent, 1102 when there is no code (never sent, expired, already used).
   * `target` is normalised here too (normalisePhone / normaliseEmail).
   */
  async verifyCode(scene: CodeScene, target: string, code: string): Promise<void> {
    const { state } = this.options;
    const normalised = normaliseTarget(target);
    if (normalised === null) throw codeExpired();
    const key = codeKey(scene, normalised);
    const raw = await state.get(key);
    if (raw === null) throw codeExpired();
    const stored = JSON.parse(raw) as StoredCode;
    if ('locked' in stored) throw tooManyAttempts();
    const ttl = Math.max(1, Math.ceil((stored.expiresAt - Date.now()) / 1000));

    // Counted before comparing, so parallel guesses cannot exceed the limit.
    const attempts = await state.increment(`code-attempts:${stored.id}`, ttl);
    if (attempts > MAX_CODE_ATTEMPTS) throw tooManyAttempts();
    const given = Buffer.from(this.hash(scene, normalised, String(code)), 'hex');
    if (!timingSafeEqual(given, Buffer.from(stored.hash, 'hex'))) {
      if (attempts === MAX_CODE_ATTEMPTS) await state.set(key, JSON.stringify({ locked: true, expiresAt: stored.expiresAt } satisfies StoredCode), ttl);
      throw new AppError(REFUSALS.codeWrong, '验证码错误');
    }
    // One use, also when the right code arrives twice at once.
    if (!(await state.setIfAbsent(`used:code:${stored.id}`, ttl))) throw codeExpired();
    await state.delete(key);
  }

  private hash(scene: CodeScene, target: string, code: string): string {
    return createHmac('sha256', this.options.pepper).update(`${scene}\n${target}\n${code}`).digest('hex');
  }

  /**
   * Takes one send from each window of this target and IP; when one is spent, gives them all back
   * and refuses. Resolves what was taken and how long the target must now wait.
   */
  private async takeQuotas(target: string, ip: string): Promise<{ taken: Taken[]; resendAfterSeconds: number }> {
    const { rates } = this.options;
    const today = chinaToday(Date.now());
    const quotas: Quota[] = [
      { key: `send-quota:target-minute:${target}`, max: rates.perTargetMinute, windowSeconds: 60 },
      { key: `send-quota:target-day:${today.date}:${target}`, max: rates.perTargetDay, windowSeconds: today.secondsLeft },
      { key: `send-quota:ip-hour:${ip}`, max: rates.perIpHour, windowSeconds: 3600 },
    ];
    const taken = await Promise.all(quotas.map((quota) => this.quotas.take(quota)));
    const [targetMinute, targetDay] = taken as [Taken, Taken, Taken];
    const spent = taken.filter((t) => t.used > t.quota.max);
    if (spent.length > 0) {
      await Promise.all(taken.map((t) => this.quotas.giveBack(t)));
      if (spent.includes(targetDay)) throw new AppError(REFUSALS.sendDailyLimit, '今日发送次数已达上限，请明天再试');
      throw new AppError(REFUSALS.sendTooFast, `发送过于频繁，请 ${Math.max(...spent.map((t) => this.quotas.secondsLeft(t)))} 秒后再试`);
    }
    const full = [targetMinute, targetDay].filter((t) => t.used >= t.quota.max);
    return { taken, resendAfterSeconds: Math.max(0, ...full.map((t) => this.quotas.secondsLeft(t))) };
  }
}

function codeExpired(): AppError {
  return new AppError(REFUSALS.codeExpired, '验证码已过期，请重新获取');
}

function tooManyAttempts(): AppError {
  return new AppError(REFUSALS.codeTooManyAttempts, '验证码错误次数过多，请重新获取验证码');
}
