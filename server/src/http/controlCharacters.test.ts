import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ACCOUNT_TEST_ENV, call, registeredUser } from '../testing/accounts.js';
import { createTestApp, type TestApp } from '../testing/testApp.js';
import { controlCharacterPath } from './controlCharacters.js';

describe('control characters: where they are', () => {
  it('names the first string that holds one, in bodies, arrays and keys; tab, newline and carriage return are text', () => {
    assert.equal(controlCharacterPath({ a: 'x\n\ty\r', b: [1, null, true] }), null);
    assert.equal(controlCharacterPath({ a: 'ok', b: { c: ['fine', 'ba\u0000d'] } }), 'b.c.1');
    assert.equal(controlCharacterPath({ ['k\u0001']: 'v' }), 'k\u0001'.replace('\u0001', '\\u0001'));
    assert.equal(controlCharacterPath('\u001b[31m'), '');
    assert.equal(controlCharacterPath(Buffer.from([0])), null, 'binary bodies are not text');
    const cyclic: Record<string, unknown> = { name: 'ok' };
    cyclic.self = cyclic;
    assert.equal(controlCharacterPath(cyclic), null, 'a cycle is walked once');
  });
});

/**
 * Bad input over HTTP on this run's database (both in `pnpm test`): a NUL byte reached PostgreSQL,
 * which refuses it in text, as an HTTP 500 logged at error level. Each case is refused at
 * validation with a 400 envelope instead, before any module sees it.
 */
describe(`bad input: control characters in any request field (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let token: string;
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    token = (await registeredUser(t.app.server)).token;
  });
  after(() => t.close());

  const NUL = '\u0000';
  const posts: Array<[string, object, boolean?]> = [
    ['system/user/registerUserByPhone', { phone: '13800138000', code: `12${NUL}456`, password: `pass${NUL}word1` }],
    ['system/user/registerUserByEmail', { email: `a${NUL}@example.com`, code: '123456', password: 'password1' }],
    ['system/auth/loginByPhone', { phone: `138${NUL}00138000`, password: 'password1' }],
    ['system/auth/loginByEmail', { email: 'a@example.com', password: `x${NUL}` }],
    ['system/user/resetPasswordByEmail', { email: `b${NUL}@example.com`, code: '123456', password: 'password1' }],
    ['system/auth/refresh-token', { refreshToken: `a${NUL}b` }],
    ['system/auth/social-login', { provider: `git${NUL}hub`, code: 'c', state: 's' }],
    ['captcha/check', { captchaId: `id${NUL}`, x: 10 }],
    ['platform/guard-events', { kind: 'devtools', path: `/chat${NUL}` }],
    ['platform/remote-errors', { area: `chat${NUL}`, version: '1.0.0', stage: 'load', message: 'failed' }],
    ['system/user-auth-key/add', { name: `key${NUL}` }, true],
    ['backend-api/getConversationGroupsPage', { pageNo: 1, pageSize: 10, title: `t${NUL}` }, true],
  ];
  const gets: Array<[string, boolean?]> = [
    ['public/share/a%00b'],
    ['wechat/checkLogin?ticket=a%00b'],
    ['dev/outbox?to=a%00@example.com'],
    ['system/user/userCdKey?code=ABCD%00EFGH', true],
    ['backend-api/changeTitle?convGroupId=1&title=a%00b', true],
  ];

  const refused = (what: string, response: { statusCode: number; body: string }) => {
    assert.notEqual(response.statusCode, 500, `${what}: ${response.body}`);
    const answer = JSON.parse(response.body);
    assert.equal(answer.code, 400, `${what}: ${response.body}`);
    assert.match(answer.msg, /^请求参数不正确：.*不能包含控制字符$/, what);
  };

  for (const [path, payload, signedIn] of posts) {
    it(`POST ${path}`, async () => refused(path, await call(t.app.server, 'POST', path, { payload, ...(signedIn ? { token } : {}) })));
  }
  for (const [path, signedIn] of gets) {
    it(`GET ${path}`, async () => refused(path, await call(t.app.server, 'GET', path, signedIn ? { token } : {})));
  }

  it('names the field, and leaves newlines and tabs in text alone', async () => {
    const answer = (await call(t.app.server, 'POST', 'system/user-auth-key/add', { payload: { name: `k\u0007` }, token })).json();
    assert.equal(answer.msg, '请求参数不正确：name 不能包含控制字符');
    assert.equal((await call(t.app.server, 'POST', 'system/user-auth-key/add', { payload: { name: 'two\twords' }, token })).json().code, 0);
  });
});
