import assert from 'node:assert/strict';
import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, beforeEach, describe, it } from 'node:test';
import { pino } from 'pino';
import type { CodeScene } from '@qiming/contracts';
import type { ServerConfig } from '../../config.js';
import { createSharedState, MemorySharedState, type SharedState } from '../../sharedState/index.js';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../../testing/testRedis.js';
import { CaptchaService } from '../captcha/index.js';
import { DevOutbox } from './devOutbox.js';
import type { CodeSender } from './codeSender.js';
import { chinaToday } from './sendQuotas.js';
import { VerificationService } from './service.js';
import { humanTrace } from '../captcha/testing.js';

const silent = pino({ level: 'silent' });

interface Implementation {
  name: string;
  suite: { skip?: string };
  before(): void;
  open(prefix: string): Promise<SharedState>;
  cleanup(prefix: string): Promise<unknown>;
}

const implementations: Implementation[] = [
  { name: 'in-process', suite: {}, before() {}, open: async () => new MemorySharedState(), cleanup: async () => {} },
  { name: 'Redis', suite: redisSuite, before: assertRedisReachable, open: (prefix) => createSharedState({ redisUrl: testRedisUrl, redisKeyPrefix: prefix }), cleanup: deleteTestKeys },
];

/** A fresh mainland mobile number, so tests never share a target's codes or limits. */
const newPhone = () => `139${String(randomInt(0, 1e8)).padStart(8, '0')}`;
const newIp = () => `198.51.${randomInt(0, 256)}.${randomInt(1, 255)}`;

interface FixtureOptions {
  rates?: Partial<ServerConfig['codeRates']>;
  sms?: CodeSender;
  codeTtlSeconds?: number;
}

function fixture(state: SharedState, options: FixtureOptions = {}) {
  const captcha = new CaptchaService(state, { perIp: 1_000_000, perTarget: 1_000_000, windowSeconds: 600 });
  const outbox = new DevOutbox(state, silent);
  const service = new VerificationService({
    state,
    senders: { sms: options.sms ?? outbox.sender('sms'), email: outbox.sender('email') },
    outboxChannels: new Set(['sms', 'email']),
    outbox,
    captcha,
    pepper: 'a-test-pepper-of-some-length',
    rates: { perTargetMinute: 1, perTargetDay: 10, perIpHour: 1000, ...options.rates },
    log: silent,
    codeTtlSeconds: options.codeTtlSeconds,
  });
  const ip = newIp();
  /** A captcha token as a passed slide check yields it. */
  const captchaToken = async () => {
    const challenge = await captcha.create({ ip: '127.0.0.1' });
    const hole = (await captcha.answerOf(challenge.captchaId))!;
    return (await captcha.check(challenge.captchaId, { ...hole, trace: humanTrace({ x: 0, y: challenge.pieceY }, hole) })).captchaToken;
  };
  const send = async (target: string, more: { scene?: CodeScene; ip?: string; captchaToken?: string | undefined } = {}) =>
    service.sendCode({ channel: target.includes('@') ? 'email' : 'sms', target, scene: 'login', ip, captchaToken: 'captchaToken' in more ? more.captchaToken : await captchaToken(), ...more });
  const lastCode = async (target: string) => (await outbox.messagesTo(target))[0]!.code;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  return { service, outbox, send, lastCode, wrongCode, captchaToken };
}

for (const impl of implementations) {
  describe(`verification codes: ${impl.name} shared state`, impl.suite, () => {
    const prefix = testKeyPrefix();
    const opened: SharedState[] = [];
    let state: SharedState;
    beforeEach(async () => {
      impl.before();
      state = await impl.open(prefix);
      opened.push(state);
    });
    after(async () => {
      await Promise.all(opened.map((s) => s.close()));
      if (opened.length) await impl.cleanup(prefix);
    });

    it('sends a code that verifies once, then is gone', async () => {
      const { service, send, lastCode } = fixture(state);
      const phone = newPhone();
      const result = await send(phone);
      assert.equal(result.devOutbox, true);
      assert.ok(result.resendAfterSeconds > 55 && result.resendAfterSeconds <= 60, `resendAfterSeconds ${result.resendAfterSeconds}`);
      const code = await lastCode(phone);
      assert.match(code, /^\d{6}$/);
      await service.verifyCode('login', phone, code);
      await assert.rejects(service.verifyCode('login', phone, code), { code: 1102, message: '验证码已过期，请重新获取' });
    });

    it('keeps only a keyed hash of the code', async () => {
      const { send, lastCode } = fixture(state);
      const phone = newPhone();
      await send(phone);
      const stored = (await state.get(`code:login:${phone}`))!;
      assert.ok(stored, 'stored under code:<scene>:<target>');
      assert.ok(!stored.includes(await lastCode(phone)), 'the plain code is not stored');
      assert.match(JSON.parse(stored).hash, /^[0-9a-f]{64}$/);
    });

    it('normalises the target it is asked about, and keeps scenes apart', async () => {
      const { service, send, lastCode } = fixture(state);
      const phone = newPhone();
      await send(phone, { scene: 'register' });
      const code = await lastCode(phone);
      await assert.rejects(service.verifyCode('login', phone, code), { code: 1102 });
      await assert.rejects(service.verifyCode('register', 'not a phone', code), { code: 1102 });
      await service.verifyCode('register', `+86 ${phone.slice(0, 3)}-${phone.slice(3, 7)}-${phone.slice(7)}`, code);
    });

    it('replaces the previous code with a new one', async () => {
      const { service, send, lastCode } = fixture(state, { rates: { perTargetMinute: 5 } });
      const email = `user${randomInt(0, 1e9)}@example.com`;
      await send(email);
      const first = await lastCode(email);
      await send(email);
      const second = await lastCode(email);
      if (first !== second) await assert.rejects(service.verifyCode('login', email, first), { code: 1101 });
      await service.verifyCode('login', email, second);
    });

    it('survives four wrong tries; after the fifth the code is gone (1103) until a new one is sent', async () => {
      const { service, send, lastCode, wrongCode } = fixture(state, { rates: { perTargetMinute: 5 } });
      const phone = newPhone();
      await send(phone);
      const code = await lastCode(phone);
      for (let i = 0; i < 4; i++) await assert.rejects(service.verifyCode('login', phone, wrongCode(code)), { code: 1101, message: '验证码错误' });
      await service.verifyCode('login', phone, code);

      await send(phone);
      const next = await lastCode(phone);
      for (let i = 0; i < 5; i++) await assert.rejects(service.verifyCode('login', phone, wrongCode(next)), { code: 1101 });
      await assert.rejects(service.verifyCode('login', phone, next), { code: 1103, message: '验证码错误次数过多，请重新获取验证码' });
      await assert.rejects(service.verifyCode('login', phone, next), { code: 1103 });

      await send(phone);
      await service.verifyCode('login', phone, await lastCode(phone));
    });

    it('lets only one of simultaneous right answers through', async () => {
      const { service, send, lastCode } = fixture(state);
      const phone = newPhone();
      await send(phone);
      const code = await lastCode(phone);
      const results = await Promise.allSettled(Array.from({ length: 4 }, () => service.verifyCode('login', phone, code)));
      assert.equal(results.filter((r) => r.status === 'fulfilled').length, 1);
    });

    it('refuses an expired code with 1102', async () => {
      const { service, send, lastCode } = fixture(state, { codeTtlSeconds: 1 });
      const phone = newPhone();
      await send(phone);
      const code = await lastCode(phone);
      await sleep(1100);
      await assert.rejects(service.verifyCode('login', phone, code), { code: 1102 });
    });

    it('sends nothing without a passed captcha: missing, made-up or used token (1106)', async () => {
      const { send, captchaToken, outbox } = fixture(state);
      const phone = newPhone();
      const used = await captchaToken();
      await send(phone, { captchaToken: used });
      const other = newPhone();
      for (const token of [undefined, '', 'x'.repeat(43), used]) {
        await assert.rejects(send(other, { captchaToken: token }), { code: 1106, message: '请先完成滑块验证' });
      }
      assert.deepEqual(await outbox.messagesTo(other), []);
    });

    it('allows one send a minute per target (1104 with the seconds left)', async () => {
      const { send } = fixture(state);
      const phone = newPhone();
      await send(phone);
      await assert.rejects(send(phone), (error: Error & { code: number }) => {
        assert.equal(error.code, 1104);
        const seconds = Number(/^发送过于频繁，请 (\d+) 秒后再试$/.exec(error.message)?.[1]);
        assert.ok(seconds > 55 && seconds <= 60, error.message);
        return true;
      });
      await send(newPhone());
    });

    it('allows the configured number of sends a day per target (1105 after)', async () => {
      const { send } = fixture(state, { rates: { perTargetMinute: 100, perTargetDay: 10 } });
      const phone = newPhone();
      for (let i = 1; i <= 9; i++) assert.equal((await send(phone)).resendAfterSeconds, 0);
      const tenth = await send(phone);
      assert.ok(tenth.resendAfterSeconds > 0 && tenth.resendAfterSeconds <= 86400, 'the last send of the day says how long until tomorrow');
      await assert.rejects(send(phone), { code: 1105, message: '今日发送次数已达上限，请明天再试' });
    });

    it('limits sends per IP across targets; refused sends do not count', async () => {
      const { send } = fixture(state, { rates: { perIpHour: 2 } });
      const first = newPhone();
      await send(first);
      await assert.rejects(send(first), { code: 1104 }, 'refused by the target limit, given back to the IP');
      await send(newPhone());
      await assert.rejects(send(newPhone()), (error: Error & { code: number }) => {
        assert.equal(error.code, 1104);
        const seconds = Number(/请 (\d+) 秒后再试/.exec(error.message)?.[1]);
        assert.ok(seconds > 3590 && seconds <= 3600, error.message);
        return true;
      });
      await send(newPhone(), { ip: newIp() });
    });

    it('does not count a send the provider failed, and keeps no code for it', async () => {
      let failNext = true;
      const delivered: string[] = [];
      const flaky: CodeSender = {
        channel: 'sms',
        async send(_to, code) {
          if (failNext) {
            failNext = false;
            throw new Error('provider down');
          }
          delivered.push(code);
        },
      };
      const { service, send } = fixture(state, { sms: flaky });
      const phone = newPhone();
      await assert.rejects(send(phone), { code: 500, message: '验证码发送失败，请稍后重试' });
      await assert.rejects(service.verifyCode('login', phone, '000000'), { code: 1102 });
      await send(phone);
      await service.verifyCode('login', phone, delivered[0]!);
    });
  });
}

describe('verification codes: the China calendar day', () => {
  it('ends at midnight UTC+8', () => {
    assert.deepEqual(chinaToday(Date.parse('2025-03-01T15:59:59Z')), { date: '2025-03-01', secondsLeft: 1 });
    assert.deepEqual(chinaToday(Date.parse('2025-03-01T16:00:00Z')), { date: '2025-03-02', secondsLeft: 86400 });
    assert.deepEqual(chinaToday(Date.parse('2025-03-01T00:00:00Z')), { date: '2025-03-01', secondsLeft: 16 * 3600 });
  });
});
