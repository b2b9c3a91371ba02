import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, call, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { INVITE_CODE_ALPHABET, canonicalInviteCode, randomInviteCode } from './inviteCode.js';
import { maskedPhone } from './usernames.js';

describe('user names and invite codes', () => {
  it('masks phones as 138****8000', () => {
    assert.equal(maskedPhone('13800138000'), '138****8000');
    assert.equal(maskedPhone('+8613800138000'), '138****8000');
  });

  it('makes 8-character invite codes of an unambiguous alphabet and reads them case-insensitively', () => {
    for (let i = 0; i < 200; i++) assert.match(randomInviteCode(), /^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    assert.ok(!/[01OIL]/.test(INVITE_CODE_ALPHABET));
    assert.equal(canonicalInviteCode(' ab23cd45 '), 'AB23CD45');
    assert.equal(canonicalInviteCode('AB23CD4O'), null);
    assert.equal(canonicalInviteCode('AB23'), null);
  });
});

describe(`user info and settings (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  after(() => t.close());
  const server = () => t.app.server;

  it('userinfo answers the fields of spec §3 for a new user', async () => {
    const session = await register(server(), { phone: '13912345678' });
    const info = await data<Record<string, unknown>>(server(), 'GET', 'system/user/userinfo', { token: session.accessToken });
    assert.deepEqual(info, {
      username: '139****5678',
      inviteCode: info.inviteCode,
      hasSignIn: false,
      inviterUsers: 0,
      totalAmount: 0,
      userLevel: 0,
      userSignExpireTime: null,
      userPackage2: 0,
      userPackageExpireTime2: null,
      morePackageTime: null,
      experiencePackageVO: null,
    });
  });

  it('answers tiers and expiries as ms timestamps, and counts invited users', async () => {
    const session = await register(server(), { phone: uniquePhone() });
    const userId = decodeJwt(session.accessToken).sub!;
    await t.app.db.db
      .updateTable('users')
      .set({
        user_level: 2,
        user_sign_expire_time: '2030-01-02T03:04:05.000Z',
        user_package2: 3,
        user_package_expire_time2: '2030-02-01T00:00:00.000Z',
        more_package_time: '2029-12-31T16:00:00.000Z',
        experience_package_expire_time: '2030-03-01T00:00:00.000Z',
        experience_user_level: 1,
      })
      .where('id', '=', userId)
      .execute();
    const { inviteCode } = await data<{ inviteCode: string }>(server(), 'GET', 'system/user/userinfo', { token: session.accessToken });
    await register(server(), { phone: uniquePhone() }, { aff: inviteCode });
    const info = await data<Record<string, unknown>>(server(), 'GET', 'system/user/userinfo', { token: session.accessToken });
    assert.equal(info.userLevel, 2);
    assert.equal(info.userSignExpireTime, Date.UTC(2030, 0, 2, 3, 4, 5));
    assert.equal(info.userPackage2, 3);
    assert.equal(info.userPackageExpireTime2, Date.UTC(2030, 1, 1));
    assert.equal(info.morePackageTime, Date.UTC(2029, 11, 31, 16));
    assert.deepEqual(info.experiencePackageVO, { experiencePackageExpireTime: Date.UTC(2030, 2, 1), experienceUserLevel: 1 });
    assert.equal(info.inviterUsers, 1);
  });

  it('settings: defaults tts-1 / onyx / 1, updated with valid values only', async () => {
    const { accessToken: token } = await register(server(), { phone: uniquePhone() });
    assert.deepEqual(await data(server(), 'GET', 'system/user/getUserSetting', { token }), { speechModel: 'tts-1', voice: 'onyx', speed: 1 });
    assert.equal(await data(server(), 'POST', 'system/user/updateUserSetting', { token, payload: { speechModel: 'tts-1-hd', voice: 'nova', speed: 1.1 } }), null);
    assert.deepEqual(await data(server(), 'GET', 'system/user/getUserSetting', { token }), { speechModel: 'tts-1-hd', voice: 'nova', speed: 1.1 });

    const bad = [
      { speechModel: 'tts-2', voice: 'nova', speed: 1 },
      { speechModel: 'tts-1', voice: 'bob', speed: 1 },
      { speechModel: 'tts-1', voice: 'nova', speed: 0.2 },
      { speechModel: 'tts-1', voice: 'nova', speed: 4.01 },
      { speechModel: 'tts-1', voice: 'nova', speed: '1' },
      { speechModel: 'tts-1', voice: 'nova' },
    ];
    for (const payload of bad) {
      const answer = await envelope(server(), 'POST', 'system/user/updateUserSetting', { token, payload });
      assert.equal(answer.code, 400, JSON.stringify(payload));
      assert.match(answer.msg, /^请求参数不正确/);
    }
    for (const speed of [0.25, 4]) await data(server(), 'POST', 'system/user/updateUserSetting', { token, payload: { speechModel: 'tts-1', voice: 'alloy', speed } });
    assert.deepEqual(await data(server(), 'GET', 'system/user/getUserSetting', { token }), { speechModel: 'tts-1', voice: 'alloy', speed: 4 });
  });

  it('needs a signed-in user', async () => {
    for (const [method, path] of [['GET', 'system/user/userinfo'], ['GET', 'system/user/getUserSetting'], ['POST', 'system/user/updateUserSetting']] as const) {
      const response = await call(server(), method, path, { payload: method === 'POST' ? { speechModel: 'tts-1', voice: 'onyx', speed: 1 } : undefined });
      assert.equal(response.statusCode, 401, path);
      assert.deepEqual(response.json(), { code: 401, data: null, msg: '登录状态已失效，请重新登录' });
    }
  });
});
