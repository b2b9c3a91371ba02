import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { KnowledgeBase, McpInfo } from '@qiming/contracts';
import { ACCOUNT_TEST_ENV, data, registeredUser } from '../../testing/accounts.js';
import { listen } from '../../testing/chatStream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { RETURNS_POLICY, settled, uploadText, type User } from '../knowledge/testKnowledge.js';
import { outcomeOf } from './results.js';

const never = () => new AbortController().signal;

/** The product's own MCP server: at /app-api/mcp for outside clients with an API key, in process for the chat gateway. */
describe(`extensions: the built-in MCP server and getMcpInfo (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let baseUrl: string;
  let alice: User;
  let bob: User;
  let aliceKey: string;
  const server = () => t.app.server;

  before(async () => {
    t = await createTestApp(ACCOUNT_TEST_ENV);
    baseUrl = await listen(t.app.server);
    alice = await registeredUser(server());
    bob = await registeredUser(server());
    aliceKey = (await t.app.apiKeys.add(alice.id, 'MCP 客户端')).key;
    const base = await data<KnowledgeBase>(server(), 'POST', 'backend-api/createKnowledge', { token: alice.token, payload: { title: '售后知识库' } });
    const upload = await uploadText(server(), alice, '售后政策.md', RETURNS_POLICY);
    await data(server(), 'POST', 'backend-api/addKnowledgeItems', { token: alice.token, payload: { knowledgeId: base.id, uploadIds: [upload.knowledgeId] } });
    await settled(server(), alice, base.id);
  });
  after(async () => {
    await t?.close();
  });

  it('serves outside MCP clients over Streamable HTTP with a personal API key', async () => {
    const client = new Client({ name: 'outside-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/app-api/mcp`), { requestInit: { headers: { authorization: `Bearer ${aliceKey}` } } }));
    try {
      const { tools } = await client.listTools();
      const names = tools.map((tool) => tool.name);
      for (const name of ['now', 'convert_time_zone', 'date_difference', 'add_to_date', 'date_info', 'evaluate', 'convert', 'search_knowledge', 'read_url']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
      assert.match(tools.find((tool) => tool.name === 'evaluate')!.description!, /数学表达式/);
      assert.deepEqual(outcomeOf(await client.callTool({ name: 'evaluate', arguments: { expression: '2^64 + 0.1 + 0.2' } })), { ok: true, text: '2^64 + 0.1 + 0.2 = 18446744073709551616.3' });
      const found = outcomeOf(await client.callTool({ name: 'search_knowledge', arguments: { query: '退货期限是几天' } }));
      assert.match(found.text, /^\[1\] 《售后政策\.md》[\s\S]*七天内申请/, 'the key owner\'s base is searched');
    } finally {
      await client.close();
    }

    // A disabled built-in is not served.
    await t.app.extensions.repo.update('url-reader', { enabled: 0 });
    const second = new Client({ name: 'outside-client', version: '1.0.0' });
    await second.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/app-api/mcp`), { requestInit: { headers: { authorization: `Bearer ${aliceKey}` } } }));
    assert.ok(!(await second.listTools()).tools.some((tool) => tool.name === 'read_url'));
    await second.close();
    await t.app.extensions.repo.update('url-reader', { enabled: 1 });
  });

  it('answers 401 without a valid key and 405 to GET and DELETE (stateless)', async () => {
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'x', version: '1' } } };
    for (const authorization of [undefined, 'Bearer sk-qm-wrong', `Basic ${aliceKey}`]) {
      const response = await fetch(`${baseUrl}/app-api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify(initialize),
      });
      assert.equal(response.status, 401, String(authorization));
      assert.equal(response.headers.get('www-authenticate'), 'Bearer');
      const body = (await response.json()) as { error: { message: string } };
      assert.match(body.error.message, /^需要有效的 API 密钥/);
    }
    const get = await fetch(`${baseUrl}/app-api/mcp`, { headers: { authorization: `Bearer ${aliceKey}`, accept: 'text/event-stream' } });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get('allow'), 'POST');
  });

  it('opens the built-ins in process for the gateway: knowledge-search finds the caller\'s passages, never another user\'s', async () => {
    const session = await t.app.extensions.tools.open(['knowledge-search', 'datetime'], { userId: alice.id }, never());
    assert.deepEqual(session.unavailable, []);
    const search = session.tools.find((tool) => tool.name === 'knowledge-search__search_knowledge')!;
    assert.deepEqual([search.mcpName, search.showName, search.tool, search.pricePerCall], ['knowledge-search', '知识库检索', 'search_knowledge', 0]);
    assert.ok(session.tools.some((tool) => tool.name === 'datetime__now'));
    const hit = await session.call(search.name, { query: '多久内可以退货' }, never());
    assert.equal(hit.ok, true);
    assert.match(hit.text, /\[1\] 《售后政策\.md》 · 售后服务 › 退货政策（知识库：售后知识库）\n退货需在收到商品后七天内申请/);

    const bobs = await t.app.extensions.tools.open(['knowledge-search'], { userId: bob.id }, never());
    const none = await bobs.call('knowledge-search__search_knowledge', { query: '多久内可以退货' }, never());
    assert.deepEqual(none, { ok: false, text: '你还没有知识库。请先在“知识库”页面创建知识库并上传文档，或指定要检索的公开知识库名称。' });
    const named = await bobs.call('knowledge-search__search_knowledge', { query: '退货', knowledge: '售后知识库' }, never());
    assert.deepEqual(named, { ok: false, text: '没有找到名为「售后知识库」的知识库' }, 'a private base of another user is not found by name');
  });

  it('getMcpInfo lists the enabled extensions in ops order, without login', async () => {
    const listed = await data<McpInfo[]>(server(), 'GET', 'backend-api/getMcpInfo');
    assert.deepEqual(listed.map((info) => info.mcpName), ['datetime', 'calculator', 'unit-converter', 'knowledge-search', 'url-reader']);
    assert.deepEqual(Object.keys(listed[0]!).sort(), ['imgUrl', 'kind', 'mcpName', 'showDesc', 'showName']);
    assert.equal(listed[1]!.showName, '计算器');
    assert.match(listed[1]!.imgUrl, /^data:image\/svg\+xml;charset=utf-8,/);

    await t.app.extensions.repo.update('calculator', { enabled: 0 });
    await t.app.extensions.repo.update('datetime', { sort: 99 });
    const after = await data<McpInfo[]>(server(), 'GET', 'backend-api/getMcpInfo');
    assert.deepEqual(after.map((info) => info.mcpName), ['unit-converter', 'knowledge-search', 'url-reader', 'datetime']);
    const session = await t.app.extensions.tools.open(['calculator'], { userId: alice.id }, never());
    assert.deepEqual(session.unavailable, [{ mcpName: 'calculator', showName: '计算器', reason: '扩展不存在或已停用' }]);
  });
});
