import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { openDatabase, type Db } from '../../db/database.js';
import { MemorySharedState } from '../../sharedState/index.js';
import { signed } from '../../testing/signature.js';
import { signedServer } from '../../testing/signedServer.js';
import { createTestStorage, type TestStorage } from '../../testing/testDatabase.js';
import { GuardEvents, GUARD_EVENTS_PER_IP_HOUR } from './guardEvents.js';
import { DeployTokens } from './deployTokens.js';
import { DeployTokensRepository } from './deployTokensRepository.js';
import { GuardEventsRepository } from './guardEventsRepository.js';
import { createPlatformService } from './index.js';
import { PreviewLinks } from './previewLinks.js';
import { platformRoutes } from './routes.js';
import { silentLog } from '../../log.js';
import { recordingLog } from '../../testing/log.js';

const SITE = { edition: 'domestic', locale: 'zh-CN', guards: true, specialLayout: false } as const;

describe(`guard events (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let storage: TestStorage;
  let db: Db;
  let repo: GuardEventsRepository;
  let server: FastifyInstance;
  let closeServer: () => Promise<void>;
  const log = recordingLog();
  const warnings = () => log.messages('warn');

  const report = (payload: unknown, options: { ip?: string; token?: string; userAgent?: string } = {}) =>
    server.inject({
      ...signed({ method: 'POST', url: '/app-api/platform/guard-events', payload: payload as object, headers: { 'user-agent': options.userAgent ?? 'Mozilla/5.0 Test', ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) } }),
      remoteAddress: options.ip ?? '203.0.113.1',
    });

  before(async () => {
    storage = await createTestStorage();
    db = await openDatabase(storage);
    repo = new GuardEventsRepository(db.db);
    const service = await createPlatformService(db.db, { remoteStoreDir: path.join(storage.dataDir, 'remotes'), apiSiteUrl: '', site: SITE });
    const guardEvents = new GuardEvents(repo, new MemorySharedState(), log);
    // A stand-in for the auth guard's optionalUserId: only this bearer is a signed-in user.
    const userIdOf = async (request: FastifyRequest) => (request.headers.authorization === 'Bearer valid-token' ? 'user-42' : null);
    ({ server, close: closeServer } = await signedServer(platformRoutes, {
      service,
      guardEvents,
      opsToken: undefined,
      deployTokens: new DeployTokens(new DeployTokensRepository(db.db), []),
      previewLinks: new PreviewLinks('a'.repeat(32)),
      userIdOf,
      contact: { email: null, wechat: null, qrUrl: null, note: null, group: null },
      downloads: { windows: null, extension: null, android: null },
    }));
  });
  beforeEach(async () => {
    log.lines.length = 0;
    await db.db.deleteFrom('guard_events').execute();
  });
  after(async () => {
    await closeServer();
    await db.close();
    await storage.cleanup();
  });

  it('stores a report without login, with the signed-in user when the bearer is valid, and logs a warning', async () => {
    const anonymous = await report({ kind: 'devtools', path: '/chatPage?model=gpt-4o' }, { ip: '198.51.100.7', userAgent: 'A'.repeat(400) });
    assert.equal(anonymous.statusCode, 200);
    assert.deepEqual(anonymous.json(), { code: 0, data: null, msg: '' });
    const signedIn = await report({ kind: 'alook', path: '/' }, { ip: '198.51.100.8', token: 'valid-token' });
    assert.equal(signedIn.json().code, 0);
    const invalidToken = await report({ kind: 'devtools', path: '/pay' }, { ip: '198.51.100.9', token: 'expired' });
    assert.equal(invalidToken.json().code, 0, 'a stale bearer does not refuse the report');

    const [third, second, first] = await repo.newest(10);
    assert.equal(first!.kind, 'devtools');
    assert.equal(first!.path, '/chatPage?model=gpt-4o');
    assert.equal(first!.user_id, null);
    assert.equal(first!.ip, '198.51.100.7');
    assert.equal(first!.user_agent, 'A'.repeat(300), 'the user agent is cut to 300 characters');
    assert.equal(second!.kind, 'alook');
    assert.equal(second!.user_id, 'user-42');
    assert.equal(third!.user_id, null);
    assert.equal(warnings().length, 3);
    assert.match(warnings()[1]!, /^\[guard\] alook on \/ from 198\.51\.100\.8 \(user user-42\)$/);
  });

  it('refuses a malformed report with a clear message and stores nothing', async () => {
    const badKind = await report({ kind: 'screenshot', path: '/' });
    assert.equal(badKind.statusCode, 200);
    assert.equal(badKind.json().code, 400);
    assert.match(badKind.json().msg, /kind 只能是 devtools 或 alook/);
    const longPath = await report({ kind: 'devtools', path: `/${'x'.repeat(500)}` });
    assert.match(longPath.json().msg, /path 不能超过 500 个字符/);
    const noPath = await report({ kind: 'devtools' });
    assert.match(noPath.json().msg, /path 必须是文本/);
    const noBody = await server.inject({ ...signed({ method: 'POST', url: '/app-api/platform/guard-events' }), remoteAddress: '203.0.113.1' });
    assert.equal(noBody.json().code, 400);
    const notJson = await server.inject({ ...signed({ method: 'POST', url: '/app-api/platform/guard-events', headers: { 'content-type': 'application/json' }, payload: '{"kind":' }), remoteAddress: '203.0.113.1' });
    assert.equal(notJson.statusCode, 400);
    assert.equal((await repo.newest(10)).length, 0);
  });

  it(`answers ok but stores at most ${GUARD_EVENTS_PER_IP_HOUR} reports per IP and hour`, async () => {
    for (let i = 0; i < GUARD_EVENTS_PER_IP_HOUR + 5; i++) {
      const response = await report({ kind: 'devtools', path: `/page-${i}` }, { ip: '192.0.2.50' });
      assert.deepEqual(response.json(), { code: 0, data: null, msg: '' });
    }
    await report({ kind: 'devtools', path: '/other-ip' }, { ip: '192.0.2.51' });
    const stored = await repo.newest(1000);
    assert.equal(stored.filter((e) => e.ip === '192.0.2.50').length, GUARD_EVENTS_PER_IP_HOUR);
    assert.equal(stored.filter((e) => e.ip === '192.0.2.51').length, 1, 'another IP has its own limit');
    assert.equal(warnings().length, GUARD_EVENTS_PER_IP_HOUR + 1, 'a dropped report is not logged');
  });

  it('keeps only the newest events', async () => {
    const small = new GuardEvents(repo, new MemorySharedState(), silentLog, { keep: 5, perIpHour: 100 });
    for (let i = 0; i < 12; i++) await small.record({ kind: 'devtools', path: `/p${i}` }, { userId: null, ip: '192.0.2.60', userAgent: '' });
    const kept = await small.newest(100);
    assert.deepEqual(kept.map((e) => e.path), ['/p11', '/p10', '/p9', '/p8', '/p7']);
  });
});
