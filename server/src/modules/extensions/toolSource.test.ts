import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import type { ToolSession, ToolSource } from '../chat/tools/types.js';
import type { ServerModule } from '../module.js';
import { suiteDatabase } from '../../testing/testDatabase.js';
import type { Extensions } from './index.js';
import { remoteRow, testExtensions } from './testing/extensions.js';
import { startLegacySseServer, startStreamableServer, type RunningServer } from './testing/httpServers.js';

const caller = { userId: 'u-test' };
const open = (tools: ToolSource, ...names: string[]) => tools.open(names, caller, new AbortController().signal);
const call = (session: ToolSession, name: string, args: Record<string, unknown> = {}, signal = new AbortController().signal) => session.call(name, args, signal);

/** Outside MCP servers through the ToolSource: a stdio process, Streamable HTTP and legacy SSE servers, all started here. */
describe(`extensions: the ToolSource and its pool (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  const storage = suiteDatabase();
  let module: ServerModule<Extensions>;
  let streamable: RunningServer;
  let sse: RunningServer;
  const spawnLog = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'qm-mcp-')), 'spawns');
  const env = { TEST_GREETING: 'hello', TEST_TOKEN: 'secret-token' } as NodeJS.ProcessEnv;
  const tools = () => module.service.tools;
  const repo = () => module.service.repo;

  before(async () => {
    module = await testExtensions(storage.db, { env });
    streamable = await startStreamableServer();
    sse = await startLegacySseServer();
    await repo().insert(remoteRow('local-stdio', { env: JSON.stringify({ GREETING: 'TEST_GREETING' }), timeout_seconds: 0.3, price_per_call: 2 }));
    await repo().insert(remoteRow('remote-http', { transport: 'http', url: streamable.url, command: null, args: '[]', headers: JSON.stringify({ 'X-Test-Token': 'TEST_TOKEN' }) }));
    await repo().insert(remoteRow('remote-sse', { transport: 'sse', url: sse.url, command: null, args: '[]' }));
    // Counts its starts in a file, then exits: a server that cannot be reached.
    const failing = `require('fs').appendFileSync(${JSON.stringify(spawnLog)}, 'x'); process.exit(1)`;
    await repo().insert(remoteRow('broken', { args: JSON.stringify(['-e', failing]) }));
    await repo().insert(remoteRow('switched-off', { enabled: 0 }));
  });
  after(async () => {
    await module?.close?.();
    await streamable?.close();
    await sse?.close();
  });

  it('discovers the tools with model-facing names and specs; unknown and disabled names are unavailable', async () => {
    const session = await open(tools(), 'local-stdio', 'nope', 'switched-off', 'calculator');
    const echo = session.tools.find((tool) => tool.name === 'local-stdio__echo');
    assert.ok(echo, JSON.stringify(session.tools.map((t) => t.name)));
    assert.deepEqual([echo.mcpName, echo.showName, echo.tool, echo.pricePerCall, echo.description], ['local-stdio', '测试 local-stdio', 'echo', 2, 'Echoes the text back']);
    assert.equal(echo.inputSchema.type, 'object');
    assert.equal('$schema' in echo.inputSchema, false, 'no $schema key for the model APIs');
    assert.deepEqual(Object.keys(echo.inputSchema.properties as object), ['text']);
    assert.ok(session.tools.some((tool) => tool.name === 'calculator__evaluate'), 'the built-in comes in process');
    assert.deepEqual(session.unavailable, [
      { mcpName: 'nope', showName: 'nope', reason: '扩展不存在或已停用' },
      { mcpName: 'switched-off', showName: '测试 switched-off', reason: '扩展不存在或已停用' },
    ]);
    assert.deepEqual(await call(session, 'local-stdio__echo', { text: '你好' }), { ok: true, text: '你好 (hello)' });
    assert.deepEqual(await call(session, 'local-stdio__nothing'), { ok: false, text: '没有名为 local-stdio__nothing 的工具' });
    const bad = await call(session, 'local-stdio__echo', { text: 42 });
    assert.equal(bad.ok, false, 'arguments the schema refuses are a failed call');

    assert.deepEqual(await tools().priced(['switched-off', 'local-stdio', 'nope']), [{ mcpName: 'local-stdio', showName: '测试 local-stdio', pricePerCall: 2 }]);
  });

  it('keeps one pooled connection: calls run in parallel, a hanging call ends at its timeout and the session stays usable', async () => {
    const session = await open(tools(), 'local-stdio');
    const started = performance.now();
    const [slow, first, second] = await Promise.all([call(session, 'local-stdio__slow'), call(session, 'local-stdio__echo', { text: 'a' }), call(session, 'local-stdio__echo', { text: 'b' })]);
    const elapsed = performance.now() - started;
    assert.deepEqual([first, second], [{ ok: true, text: 'a (hello)' }, { ok: true, text: 'b (hello)' }]);
    assert.deepEqual(slow, { ok: false, text: '扩展调用超时（0.3 秒内没有结果）' });
    assert.ok(elapsed >= 250 && elapsed < 2000, `the hanging call ended after ${elapsed} ms`);
    assert.deepEqual(await call(session, 'local-stdio__echo', { text: 'c' }), { ok: true, text: 'c (hello)' });

    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const cancelStarted = performance.now();
    assert.deepEqual(await call(session, 'local-stdio__slow', {}, controller.signal), { ok: false, text: '调用已取消' });
    assert.ok(performance.now() - cancelStarted < 250, 'the call ends when the generation aborts');
  });

  it('a server that dies mid-call fails that call; the next open connects a new process', async () => {
    const session = await open(tools(), 'local-stdio');
    assert.deepEqual(await call(session, 'local-stdio__crash'), { ok: false, text: '扩展在调用中断开' });
    assert.deepEqual(await call(session, 'local-stdio__echo', { text: 'x' }), { ok: false, text: '扩展在调用中断开' }, 'the old session knows its connection is gone');
    const again = await open(tools(), 'local-stdio');
    assert.deepEqual(again.unavailable, []);
    assert.deepEqual(await call(again, 'local-stdio__echo', { text: 'back' }), { ok: true, text: 'back (hello)' });
  });

  it('a server that cannot be reached is skipped, then left alone during its back-off', async () => {
    const spawns = () => (fs.existsSync(spawnLog) ? fs.readFileSync(spawnLog, 'utf8').length : 0);
    const first = await open(tools(), 'broken', 'calculator');
    assert.deepEqual(first.unavailable, [{ mcpName: 'broken', showName: '测试 broken', reason: '扩展暂时无法连接，已跳过' }]);
    assert.ok(first.tools.some((tool) => tool.mcpName === 'calculator'), 'the other extensions still come');
    assert.equal(spawns(), 1);
    const started = performance.now();
    const second = await open(tools(), 'broken');
    assert.equal(second.unavailable[0]?.reason, '扩展暂时无法连接，已跳过');
    assert.ok(performance.now() - started < 200, 'reported at once');
    assert.equal(spawns(), 1, 'no new process during the back-off');
    await sleep(350);
    await open(tools(), 'broken');
    assert.equal(spawns(), 2, 'tried again after the back-off');
  });

  it('a changed row gets a new connection; tools/list_changed refreshes the cached list', async () => {
    const session = await open(tools(), 'local-stdio');
    assert.deepEqual(await call(session, 'local-stdio__grow'), { ok: true, text: 'now 1 grown' });
    let names: string[] = [];
    for (let i = 0; i < 50 && !names.includes('local-stdio__grown_1'); i++) {
      await sleep(20);
      names = (await open(tools(), 'local-stdio')).tools.map((tool) => tool.name);
    }
    assert.ok(names.includes('local-stdio__grown_1'), `the new tool is listed: ${names.join(', ')}`);

    env.OTHER_GREETING = 'changed';
    await repo().update('local-stdio', { env: JSON.stringify({ GREETING: 'OTHER_GREETING' }) });
    const changed = await open(tools(), 'local-stdio');
    assert.deepEqual(await call(changed, 'local-stdio__echo', { text: 'y' }), { ok: true, text: 'y (changed)' });
    assert.ok(!changed.tools.some((tool) => tool.name === 'local-stdio__grown_1'), 'a new process, without the grown tool');
  });

  it('reaches a Streamable HTTP server (headers from variables) and a legacy SSE server', async () => {
    const session = await open(tools(), 'remote-http', 'remote-sse');
    assert.deepEqual(session.unavailable, []);
    assert.deepEqual(
      session.tools.map((tool) => tool.name),
      ['remote-http__shout', 'remote-sse__shout'],
    );
    assert.deepEqual(
      await Promise.all([call(session, 'remote-http__shout', { text: 'hi' }), call(session, 'remote-sse__shout', { text: 'yo' })]),
      [{ ok: true, text: 'HI via streamable token=secret-token' }, { ok: true, text: 'YO via sse' }],
    );

    await repo().update('remote-http', { headers: JSON.stringify({ 'X-Test-Token': 'NOT_SET_ANYWHERE' }) });
    const missing = await open(tools(), 'remote-http');
    assert.equal(missing.unavailable[0]?.reason, '扩展暂时无法连接，已跳过', 'a missing secret variable fails the connection');
  });
});
