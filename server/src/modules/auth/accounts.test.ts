import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { LoginResult } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, call, data, envelope, register, sendCode, uniqueEmail, uniquePhone } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { PASSWORD_RULE_MESSAGE } from './passwords.js';

const SESSION_EXPIRED = { code: 401, data: null, msg: '登录状态已失效，请重新登录' };

describe(`accounts: register, login, reset (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  after(() => t.close());

  const server = () => t.app.server;
  const userinfo = (token: string) => data<{ username: string; inviteCode: string; inviterUsers: number }>(server(), 'GET', 'system/user/userinfo', { token });

  it('registers by phone with a code: LoginResult, masked phone as the name, no password yet', async () => {
    const phone = '13800138000';
    const result = await register(server(), { phone });
    assert.deepEqual(Object.keys(result).sort(), ['accessToken', 'expiresIn', 'refreshToken', 'restIntegral', 'restIntegral2']);
    assert.equal(result.expiresIn, 1800);
    // The real balance: no permanent points yet, and today's free daily allowance (POINTS_DAILY_BY_TIER).
    assert.equal(result.restIntegral, 0);
    assert.equal(result.restIntegral2, t.config.points.dailyByTier[0]);
    const info = await userinfo(result.accessToken);
    assert.equal(info.username, '138****8000');
    assert.match(info.inviteCode, /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);

    const byPassword = await envelope(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'whatever1' } });
    assert.deepEqual(byPassword, { code: 1205, data: null, msg: '该账号未设置密码，请使用验证码登录' });
  });

  it('refuses a second registration of the same phone or address, before using the code', async () => {
    const phone = uniquePhone();
    await register(server(), { phone });
    const code = await sendCode(server(), { phone }, 'register');
    const again = await envelope(server(), 'POST', 'system/user/registerUserByPhone', { payload: { phone: `+86 ${phone}`, code } });
    assert.deepEqual(again, { code: 1201, data: null, msg: '该手机号已注册' });

    const email = uniqueEmail();
    await register(server(), { email });
    const emailCode = await sendCode(server(), { email }, 'register');
    const emailAgain = await envelope(server(), 'POST', 'system/user/registerUserByEmail', { payload: { email: email.toUpperCase(), code: emailCode } });
    assert.deepEqual(emailAgain, { code: 1201, data: null, msg: '该邮箱已注册' });
  });

  it('refuses missing and malformed fields with clear messages', async () => {
    const register = (payload: unknown) => envelope(server(), 'POST', 'system/user/registerUserByPhone', { payload });
    assert.equal((await register({ phone: '12345', code: '123456' })).msg, '请输入正确的手机号');
    assert.equal((await register({ code: '123456' })).msg, '请输入正确的手机号');
    const noCode = await register({ phone: uniquePhone() });
    assert.equal(noCode.code, 400);
    assert.match(noCode.msg, /^请求参数不正确：code/);
    assert.equal((await register({ phone: uniquePhone(), code: 123456 })).code, 400);
    const notJson = await call(server(), 'POST', 'system/user/registerUserByPhone', { payload: '{"phone":', headers: { 'content-type': 'application/json' } });
    assert.equal(notJson.statusCode, 400);
    assert.equal(notJson.json().msg, '请求体不是合法的 JSON');
    const emailRegister = await envelope(server(), 'POST', 'system/user/registerUserByEmail', { payload: { email: 'not-an-address', code: '123456' } });
    assert.equal(emailRegister.msg, '请输入正确的邮箱地址');
    const login = await envelope(server(), 'POST', 'system/auth/loginByEmail', { payload: { email: 'a@' } });
    assert.equal(login.msg, '请输入正确的邮箱地址');
  });

  it('applies the password rule before the code is used', async () => {
    const phone = uniquePhone();
    const code = await sendCode(server(), { phone }, 'register');
    for (const password of ['abc123', 'abcdefghij', '1234567890']) {
      const answer = await envelope(server(), 'POST', 'system/user/registerUserByPhone', { payload: { phone, code, password } });
      assert.deepEqual(answer, { code: 400, data: null, msg: PASSWORD_RULE_MESSAGE }, password);
    }
    const result = await data<LoginResult>(server(), 'POST', 'system/user/registerUserByPhone', { payload: { phone, code, password: 'abcdefg1' } });
    assert.ok(result.accessToken);
    assert.ok(await data(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'abcdefg1' } }));
  });

  it('refuses wrong and used codes through the verification module', async () => {
    const phone = uniquePhone();
    const never = await envelope(server(), 'POST', 'system/user/registerUserByPhone', { payload: { phone, code: '000000' } });
    assert.equal(never.code, 1102);
    const code = await sendCode(server(), { phone }, 'register');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    assert.equal((await envelope(server(), 'POST', 'system/user/registerUserByPhone', { payload: { phone, code: wrong } })).code, 1101);
    await data(server(), 'POST', 'system/user/registerUserByPhone', { payload: { phone, code } });

    const loginCode = await sendCode(server(), { phone }, 'login');
    await data(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, code: loginCode } });
    const reused = await envelope(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, code: loginCode } });
    assert.equal(reused.code, 1102, 'a code is used up by its login');
  });

  it('registers by e-mail with a password; the name is the part before @, made unique', async () => {
    const first = await register(server(), { email: 'Li.Hua@Example.com' }, { password: 'secret123' });
    const second = await register(server(), { email: 'li.hua@another.example' });
    assert.equal((await userinfo(first.accessToken)).username, 'li.hua');
    assert.match((await userinfo(second.accessToken)).username, /^li\.hua\d{4}$/);
    assert.ok(await data(server(), 'POST', 'system/auth/loginByEmail', { payload: { email: ' LI.HUA@example.com ', password: 'secret123' } }));
  });

  it('links the inviter of a known ?aff= code and ignores an unknown one', async () => {
    const inviter = await register(server(), { phone: uniquePhone() });
    const { inviteCode } = await userinfo(inviter.accessToken);
    await register(server(), { phone: uniquePhone() }, { aff: inviteCode.toLowerCase() });
    await register(server(), { email: uniqueEmail() }, { aff: inviteCode });
    await register(server(), { phone: uniquePhone() }, { aff: 'ZZZZZZZZ' });
    await register(server(), { phone: uniquePhone() }, { aff: 'not a code' });
    assert.equal((await userinfo(inviter.accessToken)).inviterUsers, 2);
  });

  it('logs in by code or by password, exactly one of the two', async () => {
    const email = uniqueEmail();
    await register(server(), { email }, { password: 'pass1word' });
    const code = await sendCode(server(), { email }, 'login');
    const byCode = await data<LoginResult>(server(), 'POST', 'system/auth/loginByEmail', { payload: { email, code } });
    assert.ok((await userinfo(byCode.accessToken)).username);
    const byPassword = await data<LoginResult>(server(), 'POST', 'system/auth/loginByEmail', { payload: { email, password: 'pass1word', code: '' } });
    assert.notEqual(byPassword.refreshToken, byCode.refreshToken);

    assert.deepEqual(await envelope(server(), 'POST', 'system/auth/loginByEmail', { payload: { email } }), { code: 400, data: null, msg: '请输入验证码或密码' });
    assert.deepEqual(await envelope(server(), 'POST', 'system/auth/loginByEmail', { payload: { email, code: '123456', password: 'pass1word' } }), {
      code: 400,
      data: null,
      msg: '验证码和密码只能填写一项',
    });
    assert.deepEqual(await envelope(server(), 'POST', 'system/auth/loginByEmail', { payload: { email, password: 'wrong1pass' } }), { code: 1203, data: null, msg: '账号或密码错误' });
  });

  it('answers 1202 for an account that does not exist, by code and by password', async () => {
    const phone = uniquePhone();
    const missing = { code: 1202, data: null, msg: '账号不存在，请先注册' };
    assert.deepEqual(await envelope(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'abcdefg1' } }), missing);
    assert.deepEqual(await envelope(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, code: '123456' } }), missing);
    assert.deepEqual(await envelope(server(), 'POST', 'system/user/resetPasswordByPhone', { payload: { phone, code: '123456', password: 'abcdefg1' } }), missing);
  });

  it('locks password logins after 5 failures for 15 minutes; codes still work', async () => {
    const phone = uniquePhone();
    await register(server(), { phone }, { password: 'right1pass' });
    for (let i = 0; i < 5; i++) {
      assert.equal((await envelope(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: `wrong${i}pass` } })).code, 1203);
    }
    const locked = { code: 1204, data: null, msg: '登录失败次数过多，请 15 分钟后再试' };
    assert.deepEqual(await envelope(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'right1pass' } }), locked);
    const code = await sendCode(server(), { phone }, 'login');
    assert.ok(await data(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, code } }));
    assert.deepEqual(await envelope(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'right1pass' } }), locked, 'the lock lasts its window');
  });

  it('resets the password: the old one and every old session stop working', async () => {
    const phone = uniquePhone();
    const session = await register(server(), { phone }, { password: 'old1password' });
    const other = await data<LoginResult>(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'old1password' } });

    const code = await sendCode(server(), { phone }, 'reset');
    assert.deepEqual(await envelope(server(), 'POST', 'system/user/resetPasswordByPhone', { payload: { phone, code, password: 'short' } }), { code: 400, data: null, msg: PASSWORD_RULE_MESSAGE });
    assert.equal((await envelope(server(), 'POST', 'system/user/resetPasswordByPhone', { payload: { phone, password: 'new1password' } })).code, 400);
    const loginCode = await sendCode(server(), { phone }, 'login');
    assert.equal((await envelope(server(), 'POST', 'system/user/resetPasswordByPhone', { payload: { phone, code: loginCode, password: 'new1password' } })).code, 1101, 'a login code is not the reset code');
    assert.deepEqual(await envelope(server(), 'POST', 'system/user/resetPasswordByPhone', { payload: { phone, code, password: 'new1password' } }), { code: 0, data: null, msg: '' });

    assert.equal((await envelope(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'old1password' } })).code, 1203);
    assert.ok(await data(server(), 'POST', 'system/auth/loginByPhone', { payload: { phone, password: 'new1password' } }));
    for (const old of [session, other]) {
      const refresh = await call(server(), 'POST', `system/auth/refresh-token?refreshToken=${old.refreshToken}`);
      assert.equal(refresh.statusCode, 401);
      assert.deepEqual(refresh.json(), { code: 401, data: null, msg: '刷新令牌无效' });
      const info = await call(server(), 'GET', 'system/user/userinfo', { token: old.accessToken });
      assert.equal(info.statusCode, 401);
      assert.deepEqual(info.json(), SESSION_EXPIRED);
    }
  });

  it('resets by e-mail, which also gives a code-only account a password', async () => {
    const email = uniqueEmail();
    await register(server(), { email });
    const code = await sendCode(server(), { email }, 'reset');
    await data(server(), 'POST', 'system/user/resetPasswordByEmail', { payload: { email, code, password: 'first1password' } });
    assert.ok(await data(server(), 'POST', 'system/auth/loginByEmail', { payload: { email, password: 'first1password' } }));
  });
});
