import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { LoginResult, WechatQrCode } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, envelope } from '../../../testing/accounts.js';
import { createTestApp, type TestApp } from '../../../testing/testApp.js';
import { createSharedState, MemorySharedState } from '../../../sharedState/index.js';
import { assertRedisReachable, deleteTestKeys, redisSuite, testKeyPrefix, testRedisUrl } from '../../../testing/testRedis.js';
import { wechatSignature } from './signature.js';
import { QrTickets } from './tickets.js';

const NOT_SCANNED = { code: 1301, data: null, msg: '用户未扫码' };
const EXPIRED = { code: 1302, data: null, msg: '二维码已过期，请刷新' };

describe('WeChat QR tickets', () => {
  it('expire with their lifetime, and a scan keeps the remaining lifetime', async () => {
    let now = 1_000_000;
    const state = new MemorySharedState({ now: () => now });
    const tickets = new QrTickets(state, 120, () => now);
    const ticket = await tickets.create();
    assert.deepEqual((await tickets.read(ticket))?.openid, null);
    now += 60_000;
    assert.equal(await tickets.markScanned(ticket, 'o-1'), true);
    now += 61_000;
    assert.equal(await tickets.read(ticket), null);
    assert.equal(await tickets.markScanned(ticket, 'o-1'), false);
    await state.close();
  });

  it('are taken once', async () => {
    const state = new MemorySharedState();
    const tickets = new QrTickets(state, 120);
    const ticket = await tickets.create();
    await tickets.markScanned(ticket, 'o-2');
    const taken = await Promise.all([tickets.take(ticket), tickets.take(ticket), tickets.take(ticket)]);
    assert.deepEqual(taken.filter(Boolean), ['o-2']);
    assert.equal(await tickets.read(ticket), null);
    await state.close();
  });
});

describe('WeChat QR tickets on Redis (several instances)', redisSuite, () => {
  const prefix = testKeyPrefix();
  after(() => deleteTestKeys(prefix));

  it('a ticket scanned through one instance is taken once among all of them', async () => {
    assertRedisReachable();
    const instances = await Promise.all([1, 2, 3].map(() => createSharedState({ redisUrl: testRedisUrl, redisKeyPrefix: prefix })));
    try {
      const [a, b, c] = instances.map((state) => new QrTickets(state, 120)) as [QrTickets, QrTickets, QrTickets];
      const ticket = await a.create();
      assert.equal(await b.markScanned(ticket, 'o-redis'), true);
      const taken = await Promise.all([a.take(ticket), b.take(ticket), c.take(ticket)]);
      assert.deepEqual(taken.filter(Boolean), ['o-redis']);
      assert.equal(await c.read(ticket), null);
    } finally {
      await Promise.all(instances.map((state) => state.close()));
    }
  });
});

describe(`WeChat QR login, local confirm page (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
  });
  after(() => t.close());

  const server = () => t.app.server;
  const qrCode = () => data<WechatQrCode>(server(), 'GET', 'wechat/getQrCode');
  const checkLogin = (ticket: string) => envelope<LoginResult | null>(server(), 'GET', `wechat/checkLogin?ticket=${ticket}`);
  const confirmPage = (qrContent: string) => server().inject({ method: 'GET', url: new URL(qrContent).pathname + new URL(qrContent).search });
  const answer = (ticket: string, action: string, cookies: Record<string, string> = {}) =>
    server().inject({
      method: 'POST',
      url: '/app-api/public/wechat/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ticket, action }).toString(),
      cookies,
    });
  const inviteCodeOf = async (result: LoginResult) => (await data<{ inviteCode: string; username: string }>(server(), 'GET', 'system/user/userinfo', { token: result.accessToken }));

  it('getQrCode → 1301 → confirm on the page → LoginResult once → 1302', async () => {
    const qr = await qrCode();
    assert.match(qr.ticket, /^[A-Za-z0-9_-]{32}$/);
    assert.equal(qr.qrContent, `http://localhost:80/app-api/public/wechat/confirm?ticket=${qr.ticket}`);
    assert.equal(qr.expiresInSeconds, 120);
    assert.deepEqual(await checkLogin(qr.ticket), NOT_SCANNED);

    const page = await confirmPage(qr.qrContent);
    assert.equal(page.statusCode, 200);
    assert.match(page.headers['content-type'] as string, /^text\/html/);
    for (const text of ['微信扫码登录（本地模拟）', '确认登录', '取消', '正在等待确认']) assert.ok(page.body.includes(text), text);

    const confirmed = await answer(qr.ticket, 'confirm');
    assert.equal(confirmed.statusCode, 200);
    assert.ok(confirmed.body.includes('已确认登录'));
    const cookie = confirmed.cookies.find((c) => c.name === 'qm_wx_openid');
    assert.match(cookie?.value ?? '', /^local-[0-9a-f-]{36}$/);
    assert.equal(cookie?.httpOnly, true);

    const login = await checkLogin(qr.ticket);
    assert.equal(login.code, 0);
    const user = await inviteCodeOf(login.data!);
    assert.match(user.username, /^微信用户\d{4}/);
    assert.deepEqual(await checkLogin(qr.ticket), EXPIRED, 'the ticket is used up');
    assert.ok((await confirmPage(qr.qrContent)).body.includes('二维码已过期或已取消'));

    // The same "phone" (cookie) logs into the same user; another one into a new user.
    const again = await qrCode();
    await answer(again.ticket, 'confirm', { qm_wx_openid: cookie!.value });
    assert.equal((await inviteCodeOf((await checkLogin(again.ticket)).data!)).inviteCode, user.inviteCode);
    const stranger = await qrCode();
    await answer(stranger.ticket, 'confirm', { qm_wx_openid: 'forged' });
    assert.notEqual((await inviteCodeOf((await checkLogin(stranger.ticket)).data!)).inviteCode, user.inviteCode);
  });

  it('cancel ends the ticket; unknown tickets are expired; malformed input is refused', async () => {
    const qr = await qrCode();
    const cancelled = await answer(qr.ticket, 'cancel');
    assert.ok(cancelled.body.includes('已取消登录'));
    assert.deepEqual(await checkLogin(qr.ticket), EXPIRED);
    assert.deepEqual(await checkLogin('A'.repeat(32)), EXPIRED);
    assert.ok((await answer('A'.repeat(32), 'confirm')).body.includes('二维码已过期或已取消'));

    assert.equal((await envelope(server(), 'GET', 'wechat/checkLogin')).code, 400);
    assert.equal((await envelope(server(), 'GET', 'wechat/checkLogin?ticket=short')).code, 400);
    assert.equal((await answer(qr.ticket, 'explode')).json().code, 400);
    assert.equal((await server().inject({ method: 'GET', url: '/app-api/public/wechat/confirm' })).json().code, 400);
  });

  it('needs the request signature for getQrCode and checkLogin, not for the confirm page', async () => {
    const unsigned = await server().inject({ method: 'GET', url: '/app-api/wechat/getQrCode' });
    assert.equal(unsigned.json().code, 4001);
    const qr = await qrCode();
    assert.equal((await server().inject({ method: 'GET', url: `/app-api/wechat/checkLogin?ticket=${qr.ticket}` })).json().code, 4001);
    assert.equal((await confirmPage(qr.qrContent)).statusCode, 200);
  });

  it('has no event endpoint without an official account', async () => {
    const response = await server().inject({ method: 'POST', url: '/app-api/public/wechat/event', headers: { 'content-type': 'text/xml' }, payload: '<xml></xml>' });
    assert.equal(response.statusCode, 404);
  });
});

/** A stand-in for api.weixin.qq.com: cgi-bin/token and cgi-bin/qrcode/create as documented. */
function startWechatStandIn() {
  const calls: Array<{ path: string; query: URLSearchParams; body: unknown }> = [];
  let tokenCount = 0;
  let staleOnce = false;
  let failQr = false;
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const url = new URL(request.url!, 'http://stand-in');
      calls.push({ path: url.pathname, query: url.searchParams, body: raw ? JSON.parse(raw) : null });
      const reply = (body: object) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/cgi-bin/token') {
        if (url.searchParams.get('appid') !== 'wx-app' || url.searchParams.get('secret') !== 'wx-secret' || url.searchParams.get('grant_type') !== 'client_credential') {
          return reply({ errcode: 40013, errmsg: 'invalid appid' });
        }
        tokenCount++;
        return reply({ access_token: `token-${tokenCount}`, expires_in: 7200 });
      }
      if (url.pathname === '/cgi-bin/qrcode/create') {
        if (staleOnce) {
          staleOnce = false;
          return reply({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' });
        }
        if (failQr) return reply({ errcode: 45009, errmsg: 'reach max api daily quota limit' });
        return reply({ ticket: 'gQH47joAAAAAAAAAASxodHRwOi8v', expire_seconds: 120, url: `http://weixin.qq.com/q/${url.searchParams.get('access_token')}` });
      }
      response.writeHead(404).end();
    });
  });
  return {
    calls,
    start: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    makeNextTokenStale: () => (staleOnce = true),
    failQrCodes: (fail: boolean) => (failQr = fail),
  };
}

describe(`WeChat QR login, official account (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const standIn = startWechatStandIn();
  const TOKEN = 'qiming-push-token';
  let t: TestApp;
  before(async () => {
    const apiBase = await standIn.start();
    t = await createTestApp({ ...ACCOUNT_TEST_ENV, WECHAT_APP_ID: 'wx-app', WECHAT_APP_SECRET: 'wx-secret', WECHAT_TOKEN: TOKEN, WECHAT_API_BASE: apiBase });
  });
  after(async () => {
    await t.close();
    await standIn.stop();
  });

  const server = () => t.app.server;
  const signedQuery = (timestamp = String(Math.floor(Date.now() / 1000)), nonce = '1234567890') =>
    `signature=${wechatSignature(TOKEN, timestamp, nonce)}&timestamp=${timestamp}&nonce=${nonce}`;
  const push = (xml: string, query = signedQuery()) =>
    server().inject({ method: 'POST', url: `/app-api/public/wechat/event?${query}&openid=oUser`, headers: { 'content-type': 'text/xml' }, payload: xml });
  const scanXml = (event: 'subscribe' | 'SCAN', key: string, openid: string) => `<xml><ToUserName><![CDATA[gh_qiming]]></ToUserName>
<FromUserName><![CDATA[${openid}]]></FromUserName>
<CreateTime>${Math.floor(Date.now() / 1000)}</CreateTime>
<MsgType><![CDATA[event]]></MsgType>
<Event><![CDATA[${event}]]></Event>
<EventKey><![CDATA[${key}]]></EventKey>
<Ticket><![CDATA[gQH47joAAAAAAAAAASxodHRwOi8v]]></Ticket>
</xml>`;

  it('creates a temporary QR code with the ticket as scene, the access token fetched once and cached', async () => {
    const first = await data<WechatQrCode>(server(), 'GET', 'wechat/getQrCode');
    const second = await data<WechatQrCode>(server(), 'GET', 'wechat/getQrCode');
    assert.equal(first.qrContent, 'http://weixin.qq.com/q/token-1');
    assert.equal(second.qrContent, 'http://weixin.qq.com/q/token-1');
    assert.equal(standIn.calls.filter((c) => c.path === '/cgi-bin/token').length, 1);
    const create = standIn.calls.find((c) => c.path === '/cgi-bin/qrcode/create')!;
    assert.equal(create.query.get('access_token'), 'token-1');
    assert.deepEqual(create.body, { expire_seconds: 120, action_name: 'QR_STR_SCENE', action_info: { scene: { scene_str: `login_${first.ticket}` } } });
  });

  it('fetches a new access token once when WeChat says the cached one is stale', async () => {
    standIn.makeNextTokenStale();
    const qr = await data<WechatQrCode>(server(), 'GET', 'wechat/getQrCode');
    assert.equal(qr.qrContent, 'http://weixin.qq.com/q/token-2');
  });

  it('answers a clear refusal when WeChat refuses the QR code', async () => {
    standIn.failQrCodes(true);
    try {
      assert.deepEqual(await envelope(server(), 'GET', 'wechat/getQrCode'), { code: 500, data: null, msg: '微信二维码生成失败，请稍后重试' });
    } finally {
      standIn.failQrCodes(false);
    }
  });

  it('a signed scan push logs the scanning openid in; following-by-scan and SCAN both count', async () => {
    const qr = await data<WechatQrCode>(server(), 'GET', 'wechat/getQrCode');
    assert.deepEqual(await envelope(server(), 'GET', `wechat/checkLogin?ticket=${qr.ticket}`), NOT_SCANNED);
    const pushed = await push(scanXml('subscribe', `qrscene_login_${qr.ticket}`, 'oWeChatUser1'));
    assert.equal(pushed.statusCode, 200);
    assert.equal(pushed.body, 'success');
    const login = await data<LoginResult>(server(), 'GET', `wechat/checkLogin?ticket=${qr.ticket}`);
    const user = await t.app.db.db.selectFrom('users').select(['id', 'username']).where('wechat_openid', '=', 'oWeChatUser1').executeTakeFirstOrThrow();
    assert.match(user.username, /^微信用户/);
    const info = await data<{ username: string }>(server(), 'GET', 'system/user/userinfo', { token: login.accessToken });
    assert.equal(info.username, user.username);

    const next = await data<WechatQrCode>(server(), 'GET', 'wechat/getQrCode');
    await push(scanXml('SCAN', `login_${next.ticket}`, 'oWeChatUser1'));
    const again = await data<LoginResult>(server(), 'GET', `wechat/checkLogin?ticket=${next.ticket}`);
    assert.equal((await data<{ username: string }>(server(), 'GET', 'system/user/userinfo', { token: again.accessToken })).username, user.username);
  });

  it('refuses pushes with a wrong signature and ignores other events', async () => {
    const qr = await data<WechatQrCode>(server(), 'GET', 'wechat/getQrCode');
    const xml = scanXml('SCAN', `login_${qr.ticket}`, 'oIntruder');
    const forged = await push(xml, `signature=${'0'.repeat(40)}&timestamp=1&nonce=2`);
    assert.equal(forged.statusCode, 403);
    assert.equal((await push(xml, '')).statusCode, 403);
    assert.deepEqual(await envelope(server(), 'GET', `wechat/checkLogin?ticket=${qr.ticket}`), NOT_SCANNED);

    for (const other of [scanXml('SCAN', 'some_other_scene', 'oUser'), scanXml('subscribe', '', 'oUser'), '<xml><MsgType><![CDATA[text]]></MsgType></xml>']) {
      assert.equal((await push(other)).body, 'success');
    }
    assert.deepEqual(await envelope(server(), 'GET', `wechat/checkLogin?ticket=${qr.ticket}`), NOT_SCANNED);
  });

  it('answers the server URL check with echostr when the signature holds', async () => {
    const ok = await server().inject({ method: 'GET', url: `/app-api/public/wechat/event?${signedQuery()}&echostr=5837397520665436492` });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.body, '5837397520665436492');
    const bad = await server().inject({ method: 'GET', url: `/app-api/public/wechat/event?signature=x&timestamp=1&nonce=2&echostr=1` });
    assert.equal(bad.statusCode, 403);
  });

  it('has no local confirm page while an official account is configured', async () => {
    const qr = await data<WechatQrCode>(server(), 'GET', 'wechat/getQrCode');
    const page = await server().inject({ method: 'GET', url: `/app-api/public/wechat/confirm?ticket=${qr.ticket}` });
    assert.equal(page.statusCode, 404);
    const post = await server().inject({ method: 'POST', url: '/app-api/public/wechat/confirm', payload: { ticket: qr.ticket, action: 'confirm' } });
    assert.equal(post.statusCode, 404);
  });
});
