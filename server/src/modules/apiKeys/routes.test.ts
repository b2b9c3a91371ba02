import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ApiKey, NewApiKey } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, call, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { MAX_KEYS_PER_USER } from './service.js';

const MISSING = { code: 1501, data: null, msg: 'API 密钥不存在' };

describe(`API keys (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  after(() => t.close());
  const server = () => t.app.server;
  const signIn = async () => (await register(server(), { phone: uniquePhone() })).accessToken;

  it('add shows the whole key once; list, get and update show it masked; delete removes it', async () => {
    const token = await signIn();
    const added = await data<NewApiKey>(server(), 'POST', 'system/user-auth-key/add', { token, payload: { name: '  我的脚本 ' } });
    assert.match(added.key, /^sk-qm-[0-9A-Za-z]{40}$/);
    assert.equal(added.name, '我的脚本');
    assert.equal(added.maskedKey, `sk-qm-…${added.key.slice(-4)}`);
    assert.equal(added.enabled, true);
    assert.equal(added.lastUsedAt, null);
    const stored = await t.app.db.db.selectFrom('api_keys').selectAll().where('id', '=', added.id).executeTakeFirstOrThrow();
    assert.notEqual(stored.key_hash, added.key);
    assert.match(stored.key_hash, /^[0-9a-f]{64}$/);

    const { key, ...shown } = added;
    assert.ok(key);
    assert.deepEqual(await data<ApiKey[]>(server(), 'GET', 'system/user-auth-key/list', { token }), [shown]);
    assert.deepEqual(await data<ApiKey>(server(), 'GET', `system/user-auth-key/get?id=${added.id}`, { token }), shown);

    const renamed = await data<ApiKey>(server(), 'POST', 'system/user-auth-key/update', { token, payload: { id: added.id, name: 'CI' } });
    assert.deepEqual(renamed, { ...shown, name: 'CI' });
    const disabled = await data<ApiKey>(server(), 'POST', 'system/user-auth-key/update', { token, payload: { id: added.id, enabled: false } });
    assert.deepEqual(disabled, { ...shown, name: 'CI', enabled: false });

    assert.equal(await data(server(), 'POST', 'system/user-auth-key/delete', { token, payload: { id: added.id } }), null);
    assert.deepEqual(await data(server(), 'GET', 'system/user-auth-key/list', { token }), []);
    assert.deepEqual(await envelope(server(), 'GET', `system/user-auth-key/get?id=${added.id}`, { token }), MISSING);
    assert.deepEqual(await envelope(server(), 'POST', 'system/user-auth-key/delete', { token, payload: { id: added.id } }), MISSING);
  });

  it('userForApiKey finds the owner of an enabled key and records its use', async () => {
    const token = await signIn();
    const added = await data<NewApiKey>(server(), 'POST', 'system/user-auth-key/add', { token, payload: { name: 'bot' } });
    assert.deepEqual(await t.app.apiKeys.userForApiKey(added.key), { userId: decodeJwt(token).sub, keyId: added.id });
    const used = await data<ApiKey>(server(), 'GET', `system/user-auth-key/get?id=${added.id}`, { token });
    assert.ok(used.lastUsedAt && Date.parse(used.lastUsedAt) > Date.parse(used.createdAt) - 1);

    await data(server(), 'POST', 'system/user-auth-key/update', { token, payload: { id: added.id, enabled: false } });
    assert.equal(await t.app.apiKeys.userForApiKey(added.key), null);
    await data(server(), 'POST', 'system/user-auth-key/update', { token, payload: { id: added.id, enabled: true } });
    assert.ok(await t.app.apiKeys.userForApiKey(added.key));
    for (const wrong of [`${added.key.slice(0, -1)}x`, 'sk-qm-short', '', added.key.toLowerCase()]) {
      if (wrong !== added.key) assert.equal(await t.app.apiKeys.userForApiKey(wrong), null, wrong);
    }
  });

  it("another user's key does not exist for this user", async () => {
    const owner = await signIn();
    const other = await signIn();
    const added = await data<NewApiKey>(server(), 'POST', 'system/user-auth-key/add', { token: owner, payload: { name: 'mine' } });
    assert.deepEqual(await data(server(), 'GET', 'system/user-auth-key/list', { token: other }), []);
    assert.deepEqual(await envelope(server(), 'GET', `system/user-auth-key/get?id=${added.id}`, { token: other }), MISSING);
    assert.deepEqual(await envelope(server(), 'POST', 'system/user-auth-key/update', { token: other, payload: { id: added.id, enabled: false } }), MISSING);
    assert.deepEqual(await envelope(server(), 'POST', 'system/user-auth-key/delete', { token: other, payload: { id: added.id } }), MISSING);
    assert.equal((await data<ApiKey>(server(), 'GET', `system/user-auth-key/get?id=${added.id}`, { token: owner })).enabled, true);
  });

  it(`validates names and keeps at most ${MAX_KEYS_PER_USER} keys per user`, async () => {
    const token = await signIn();
    for (const name of ['', '   ', 'x'.repeat(41)]) {
      const answer = await envelope(server(), 'POST', 'system/user-auth-key/add', { token, payload: { name } });
      assert.equal(answer.code, 400, name);
    }
    assert.equal((await envelope(server(), 'POST', 'system/user-auth-key/add', { token, payload: {} })).code, 400);
    assert.equal((await envelope(server(), 'POST', 'system/user-auth-key/update', { token, payload: { name: 'x' } })).code, 400);
    assert.equal((await envelope(server(), 'POST', 'system/user-auth-key/update', { token, payload: { id: 'x', enabled: 'yes' } })).code, 400);
    assert.equal((await envelope(server(), 'GET', 'system/user-auth-key/get', { token })).code, 400);

    for (let i = 0; i < MAX_KEYS_PER_USER; i++) await data(server(), 'POST', 'system/user-auth-key/add', { token, payload: { name: `k${i}`.padEnd(40, '.') } });
    assert.deepEqual(await envelope(server(), 'POST', 'system/user-auth-key/add', { token, payload: { name: 'one too many' } }), {
      code: 400,
      data: null,
      msg: `最多只能创建 ${MAX_KEYS_PER_USER} 个 API 密钥`,
    });
    assert.equal((await data<ApiKey[]>(server(), 'GET', 'system/user-auth-key/list', { token })).length, MAX_KEYS_PER_USER);
  });

  it('needs a signed-in user', async () => {
    const response = await call(server(), 'GET', 'system/user-auth-key/list');
    assert.equal(response.statusCode, 401);
    assert.equal((await call(server(), 'POST', 'system/user-auth-key/add', { payload: { name: 'x' } })).statusCode, 401);
  });
});
