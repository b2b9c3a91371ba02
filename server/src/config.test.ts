import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SIGN_IV, DEFAULT_SIGN_KEY, loadConfig } from './config.js';

describe('configuration', () => {
  it('defaults: published sign key and IV, 60 s window, verification on, in-process shared state', () => {
    const config = loadConfig({});
    assert.equal(config.signKey, DEFAULT_SIGN_KEY);
    assert.equal(config.signIv, DEFAULT_SIGN_IV);
    assert.equal(config.signWindowSeconds, 60);
    assert.equal(config.signRequired, true);
    assert.equal(config.redisUrl, undefined);
    assert.equal(config.redisKeyPrefix, 'qm:');
  });

  it('refuses a sign key or IV that is not 16 ASCII characters', () => {
    assert.throws(() => loadConfig({ SIGN_KEY: 'too-short' }), /SIGN_KEY: 必须正好是 16 个 ASCII 字符.*现在是 9 个字符/);
    assert.throws(() => loadConfig({ SIGN_IV: '0123456789abcdef0' }), /SIGN_IV: 必须正好是 16 个 ASCII 字符/);
    assert.throws(() => loadConfig({ SIGN_KEY: '启明启明启明启明启明启明启明启明' }), /SIGN_KEY: .*非 ASCII/);
    assert.equal(loadConfig({ SIGN_KEY: '0123456789abcdef' }).signKey, '0123456789abcdef');
  });

  it('reads SIGN_REQUIRED as a flag and refuses anything else', () => {
    assert.equal(loadConfig({ SIGN_REQUIRED: 'false' }).signRequired, false);
    assert.equal(loadConfig({ SIGN_REQUIRED: '0' }).signRequired, false);
    assert.equal(loadConfig({ SIGN_REQUIRED: 'true' }).signRequired, true);
    assert.throws(() => loadConfig({ SIGN_REQUIRED: 'no' }), /SIGN_REQUIRED/);
  });

  it('trusts no proxy by default; TRUST_PROXY takes a hop count or addresses and ranges', () => {
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
    assert.deepEqual(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8,2001:db8::/32' }).trustProxy, ['loopback', '10.0.0.0/8', '2001:db8::/32']);
    assert.throws(() => loadConfig({ TRUST_PROXY: 'true' }), /TRUST_PROXY: .*无法识别：true/);
    assert.throws(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' }), /TRUST_PROXY/);
  });

  it('treats an empty REDIS_URL as unset', () => {
    assert.equal(loadConfig({ REDIS_URL: '' }).redisUrl, undefined);
    assert.equal(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379', REDIS_KEY_PREFIX: 'qm-staging:' }).redisKeyPrefix, 'qm-staging:');
  });
});

describe('configuration: points, sign-in, invites', () => {
  it('defaults', () => {
    const config = loadConfig({});
    assert.deepEqual(config.points, { dailyByTier: [2000, 10000, 30000, 60000], holdMinutes: 90, sweepSeconds: 60, holdMaxOutputTokens: 4000, holdMaxOutputChars: 4000 });
    assert.deepEqual(config.signinRewards, [200, 300, 400, 500, 600, 800, 1000]);
    assert.deepEqual(config.invites, { rewardPoints: 8888, dailyCap: 20, sameIpCheck: true, incomeAccount: undefined });
  });

  it('reads the lists and switches, and refuses bad values', () => {
    const config = loadConfig({ POINTS_DAILY_BY_TIER: ' 1, 2,3 ,4', SIGNIN_REWARDS: '5', INVITE_SAME_IP_CHECK: 'false', INVITE_INCOME_ACCOUNT: 'boss', INVITE_DAILY_CAP: '0' });
    assert.deepEqual(config.points.dailyByTier, [1, 2, 3, 4]);
    assert.deepEqual(config.signinRewards, [5]);
    assert.equal(config.invites.sameIpCheck, false);
    assert.equal(config.invites.incomeAccount, 'boss');
    assert.equal(config.invites.dailyCap, 0);
    assert.equal(loadConfig({ INVITE_INCOME_ACCOUNT: '' }).invites.incomeAccount, undefined);
    assert.throws(() => loadConfig({ POINTS_DAILY_BY_TIER: '1,2,3' }), /POINTS_DAILY_BY_TIER: 必须正好有 4 个数/);
    assert.throws(() => loadConfig({ POINTS_DAILY_BY_TIER: '1,2,-3,4' }), /POINTS_DAILY_BY_TIER: 必须是逗号分隔的非负整数/);
    assert.throws(() => loadConfig({ SIGNIN_REWARDS: '' }), /SIGNIN_REWARDS/);
    assert.throws(() => loadConfig({ POINTS_HOLD_MINUTES: '0' }), /POINTS_HOLD_MINUTES/);
    assert.throws(() => loadConfig({ INVITE_SAME_IP_CHECK: 'maybe' }), /INVITE_SAME_IP_CHECK/);
  });
});

describe('configuration: site, downloads, contact group', () => {
  it('defaults: the domestic site in Chinese, guards off outside production, no special layout, nothing published', () => {
    const config = loadConfig({});
    assert.deepEqual(config.site, { edition: 'domestic', locale: 'zh-CN', guards: false, specialLayout: false });
    assert.deepEqual(config.downloads, { windows: null, extension: null, android: null });
    assert.equal(config.contact.group, null);
  });

  it('turns the guards on by default in production only, and reads SITE_GUARDS as a flag', () => {
    assert.equal(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.example.com' }).site.guards, true);
    assert.equal(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.example.com', SITE_GUARDS: 'false' }).site.guards, false);
    assert.equal(loadConfig({ NODE_ENV: 'production', PUBLIC_ORIGIN: 'https://www.example.com', SITE_GUARDS: '0' }).site.guards, false);
    assert.equal(loadConfig({ SITE_GUARDS: '1' }).site.guards, true);
    assert.equal(loadConfig({ SITE_GUARDS: '' }).site.guards, false, 'empty counts as unset');
    assert.throws(() => loadConfig({ SITE_GUARDS: 'yes' }), /SITE_GUARDS/);
  });

  it('serves the international edition in English', () => {
    const config = loadConfig({ SITE_EDITION: 'international', SITE_SPECIAL_LAYOUT: 'true' });
    assert.deepEqual(config.site, { edition: 'international', locale: 'en-US', guards: false, specialLayout: true });
    assert.throws(() => loadConfig({ SITE_EDITION: 'global' }), /SITE_EDITION/);
    assert.throws(() => loadConfig({ SITE_SPECIAL_LAYOUT: 'on' }), /SITE_SPECIAL_LAYOUT/);
  });

  it('reads the group number and the download links, refusing anything but http(s) links', () => {
    const config = loadConfig({
      CONTACT_GROUP: ' 123456789 ',
      DOWNLOAD_WINDOWS_URL: 'https://dl.example.com/qiming-setup.exe',
      DOWNLOAD_EXTENSION_URL: '',
      DOWNLOAD_ANDROID_URL: 'http://dl.example.com/qiming.apk',
    });
    assert.equal(config.contact.group, '123456789');
    assert.deepEqual(config.downloads, { windows: 'https://dl.example.com/qiming-setup.exe', extension: null, android: 'http://dl.example.com/qiming.apk' });
    assert.throws(() => loadConfig({ DOWNLOAD_WINDOWS_URL: 'javascript:alert(1)' }), /DOWNLOAD_WINDOWS_URL: 必须是 http:\/\/ 或 https:\/\/ 开头的地址/);
    assert.throws(() => loadConfig({ DOWNLOAD_ANDROID_URL: 'not a url' }), /DOWNLOAD_ANDROID_URL/);
    assert.throws(() => loadConfig({ CONTACT_GROUP: '9'.repeat(65) }), /CONTACT_GROUP/);
  });
});
