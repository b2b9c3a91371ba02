import { defaultConfig } from './config';
import { hostGroupFor, sendsBearer, timeoutFor } from './routing';

describe('host routing by path suffix (spec platform §7)', () => {
  it.each([
    ['system/user/userinfo', 'main'],
    ['backend-api/getStream', 'stream'],
    ['system/auth/social-login', 'social'],
    ['getToken', 'secondary'],
    ['resource/getAllItemsTree', 'secondary'],
    ['getAcTokenInfoVO', 'secondary'],
    ['backend-api/freeFkPage', 'secondary'],
    ['backend-api/freeFkPage2', 'main'],
    ['backend-api/uploadChatKnowledge2', 'secondary'],
    ['createKnowledge', 'knowledge'],
    ['sd/upload', 'knowledge'],
    ['getMyKnowledge2', 'knowledge'],
    ['getMyKnowledge', 'main'],
    ['wechat/getQrCode', 'main'],
    ['getClaudeToken?x=1', 'main'],
  ])('%s → %s', (url, group) => {
    expect(hostGroupFor(url)).toBe(group);
  });

  it('defaults every host to the page origin', () => {
    const config = defaultConfig('https://qiming.example');
    expect(new Set([config.hosts.main, config.hosts.secondary, config.hosts.knowledge, config.hosts.social, ...config.hosts.stream])).toEqual(new Set(['https://qiming.example']));
  });
});

describe('timeouts (spec §9)', () => {
  it.each([
    ['system/user/userinfo', 60_000],
    ['backend-api/uploadFile', 300_000],
    ['suno/generateAudio', 300_000],
    ['getClaudeToken', 10_000],
    ['backend-api/generateSpeech', 600_000],
    ['sumitToken', 600_000],
    ['backend-api/getStream', 5_000_000],
    ['backend-api/uploadChatKnowledge2', 3_000_000],
    ['system/auth/social-login', 3_000_000],
  ])('%s → %i ms', (url, ms) => {
    expect(timeoutFor(url)).toBe(ms);
  });
});

describe('bearer', () => {
  it('is not sent to loginByPhone, checkLogin or the captcha get', () => {
    expect(sendsBearer('system/auth/loginByPhone')).toBe(false);
    expect(sendsBearer('wechat/checkLogin')).toBe(false);
    expect(sendsBearer('captcha/get')).toBe(false);
    expect(sendsBearer('system/user/userinfo')).toBe(true);
    expect(sendsBearer('system/user-auth-key/get')).toBe(true);
    expect(sendsBearer('system/auth/loginByEmail')).toBe(true);
  });
});
