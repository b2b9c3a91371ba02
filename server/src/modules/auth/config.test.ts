import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../config.js';

describe('configuration: accounts and sessions', () => {
  it('defaults: 30 min access, 30 days refresh, 30 s grace, 5 / 30 failures per 15 min, local WeChat, no social providers', () => {
    const config = loadConfig({});
    assert.equal(config.jwtSecret, undefined);
    assert.equal(config.accessTokenMinutes, 30);
    assert.equal(config.refreshTokenDays, 30);
    assert.equal(config.refreshReuseGraceSeconds, 30);
    assert.deepEqual(config.loginLimits, { perAccount: 5, perIp: 30, windowMinutes: 15 });
    assert.equal(config.publicOrigin, undefined);
    assert.deepEqual(config.wechat, { official: null, qrSeconds: 120 });
    assert.deepEqual(config.socialProviders, []);
  });

  it('refuses a short JWT_SECRET and treats an empty one as unset', () => {
    assert.throws(() => loadConfig({ JWT_SECRET: 'short' }), /JWT_SECRET: 至少 32 个字符/);
    assert.equal(loadConfig({ JWT_SECRET: '' }).jwtSecret, undefined);
  });

  it('reads PUBLIC_ORIGIN without its trailing slash', () => {
    assert.equal(loadConfig({ PUBLIC_ORIGIN: 'https://ai.example.com/' }).publicOrigin, 'https://ai.example.com');
    assert.throws(() => loadConfig({ PUBLIC_ORIGIN: 'ftp://ai.example.com' }), /PUBLIC_ORIGIN/);
  });

  it('turns on the official account only with app id, secret and push token together', () => {
    const official = loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_TOKEN: 't' }).wechat.official;
    assert.deepEqual(official, { appId: 'wx1', appSecret: 's', token: 't', apiBase: 'https://api.weixin.qq.com' });
    assert.throws(() => loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' }), /WECHAT_TOKEN 需要一起设置/);
    assert.throws(() => loadConfig({ WECHAT_APP_ID: 'wx1' }), /需要一起设置/);
  });

  it('builds the GitHub provider from GITHUB_CLIENT_ID / GITHUB_CLIENT_SECRET', () => {
    const [github] = loadConfig({ GITHUB_CLIENT_ID: 'id', GITHUB_CLIENT_SECRET: 'secret' }).socialProviders;
    assert.deepEqual(github, {
      id: 'github',
      name: 'GitHub',
      clientId: 'id',
      clientSecret: 'secret',
      authorizeUrl: 'https://github.com/login/oauth/authorize',
      tokenUrl: 'https://github.com/login/oauth/access_token',
      userInfoUrl: 'https://api.github.com/user',
      scope: 'read:user',
      subjectField: 'id',
      usernameField: 'login',
    });
    assert.throws(() => loadConfig({ GITHUB_CLIENT_ID: 'id' }), /GITHUB_CLIENT_SECRET 需要一起设置/);
  });

  it('reads SOCIAL_PROVIDERS as a JSON list with OIDC defaults, and refuses bad entries', () => {
    const entry = { id: 'corp', name: '企业账号', clientId: 'c', clientSecret: 's', authorizeUrl: 'https://sso.example/auth', tokenUrl: 'https://sso.example/token', userInfoUrl: 'https://sso.example/me' };
    const [corp] = loadConfig({ SOCIAL_PROVIDERS: JSON.stringify([entry]) }).socialProviders;
    assert.equal(corp?.subjectField, 'sub');
    assert.equal(corp?.usernameField, 'preferred_username');
    assert.equal(corp?.scope, '');
    assert.throws(() => loadConfig({ SOCIAL_PROVIDERS: '[{' }), /SOCIAL_PROVIDERS: 不是合法的 JSON/);
    assert.throws(() => loadConfig({ SOCIAL_PROVIDERS: JSON.stringify([{ ...entry, id: 'Has Space' }]) }), /SOCIAL_PROVIDERS\.0\.id/);
    assert.throws(() => loadConfig({ SOCIAL_PROVIDERS: JSON.stringify([{ ...entry, tokenUrl: 'nope' }]) }), /SOCIAL_PROVIDERS\.0\.tokenUrl/);
    assert.throws(() => loadConfig({ SOCIAL_PROVIDERS: JSON.stringify([entry, entry]) }), /id 不能重复/);
  });
});
