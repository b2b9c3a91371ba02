import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ConversationTree, StreamChunk, ToolCallRecord } from '@qiming/contracts';
import { decodeJwt } from 'jose';
import { ACCOUNT_TEST_ENV, data, envelope, register, uniquePhone } from '../../testing/accounts.js';
import { answerText, chatBody, listen, readSse } from '../../testing/chatStream.js';
import { anthropicFrames, openAiChunk, openAiFrames, startFakeUpstream, type FakeUpstream } from '../../testing/fakeUpstream.js';
import { createTestApp, type TestApp } from '../../testing/testApp.js';
import { costOf } from '../catalogue/index.js';

const KEY_VARIABLE = 'QM_TOOL_LOOP_TEST_KEY';
const CHAT_ENV = { ...ACCOUNT_TEST_ENV, OFFLINE_TOKENS_PER_SECOND: '0', OFFLINE_FIRST_TOKEN_MS: '0', CHAT_FOLLOW_UP_SECONDS: '0', POINTS_DAILY_BY_TIER: '2000,10000,30000,60000' };

const toolCallsOf = (chunks: StreamChunk[]) => {
  const records = new Map<string, ToolCallRecord>();
  for (const chunk of chunks) for (const record of chunk.toolCalls ?? []) records.set(record.id, record);
  return [...records.values()];
};

/** The chat gateway's tool loop with the product's built-in MCP server (in process, the real SDK on both ends). */
describe(`extensions in chat (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let base: string;
  let token: string;
  let userId: string;
  const stream = (body: Partial<Parameters<typeof chatBody>[0]>) => readSse(base, token, { method: 'POST', path: 'backend-api/getStream', body: chatBody(body) });
  const ledger = async () => (await t.app.points.history(userId, 1, 500)).list;

  before(async () => {
    upstream = await startFakeUpstream();
    process.env[KEY_VARIABLE] = 'sk-tool-loop-test';
    const channels = [
      { id: 'fake-openai', kind: 'openai-compatible', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['deepseek-chat'] },
      { id: 'fake-claude', kind: 'anthropic', baseUrl: upstream.baseUrl, apiKeyEnv: KEY_VARIABLE, models: ['claude-sonnet-4'] },
    ];
    t = await createTestApp({ ...CHAT_ENV, CHAT_CHANNELS: JSON.stringify(channels) });
    base = await listen(t.app.server);
    const session = await register(t.app.server, { phone: uniquePhone() });
    token = session.accessToken;
    userId = decodeJwt(token).sub!;
    await t.app.points.credit(userId, 'permanent', 50_000, { kind: 'redeem', reference: 'test', key: `tool-loop:${userId}` });
  });
  after(async () => {
    await t.close();
    await upstream.close();
    delete process.env[KEY_VARIABLE];
  });

  it('the offline model calls the built-in calculator, answers from its result, and history shows the call', async () => {
    const read = await stream({ request: '帮我算一下 (3+5)×12÷4 等于多少', mcps: ['calculator', 'unit-converter'], model: 'gpt-4o' });
    assert.equal(read.done, true);
    const [call] = toolCallsOf(read.chunks);
    assert.deepEqual([call!.showName, call!.tool, call!.status, call!.result], ['计算器', 'evaluate', 'done', '(3+5)*12/4 = 24']);
    assert.equal(JSON.parse(call!.arguments).expression, '(3+5)*12/4');
    assert.ok(typeof call!.seconds === 'number');
    assert.match(answerText(read.chunks), /\*\*计算器\*\* 返回：`\(3\+5\)\*12\/4 = 24`/);
    const tree = await data<ConversationTree>(t.app.server, 'GET', `backend-api/getConversations?convGroupId=${read.chunks[0]!.convGroupId}`, { token });
    assert.deepEqual(tree.roots[0]!.childs[0]!.chatContent[0]!.toolCalls!.map((record) => record.result), ['(3+5)*12/4 = 24']);
  });

  it('a two-round loop on an OpenAI-compatible upstream: tools in its format, parallel calls, results back as tool messages; every round\'s tokens and each call\'s price charged once', async () => {
    await t.app.extensions.repo.update('calculator', { price_per_call: 7 });
    upstream.reply(
      {
        type: 'stream',
        frames: openAiFrames([
          openAiChunk({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'calculator__evaluate', arguments: '{"expression":' } }] }),
          openAiChunk({ tool_calls: [{ index: 0, function: { arguments: '"2^10"}' } }, { index: 1, id: 'call_b', type: 'function', function: { name: 'calculator__evaluate', arguments: '{"expression":"sqrt(144)"}' } }] }),
          { ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }], usage: { prompt_tokens: 300, completion_tokens: 40 } },
        ]),
      },
      {
        type: 'stream',
        frames: openAiFrames([openAiChunk({ content: '2^10 = 1024，√144 = 12。' }), { ...openAiChunk({}), choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 420, completion_tokens: 25 } }]),
      },
    );
    const requestsBefore = upstream.requests.length;
    const read = await stream({ request: '2 的 10 次方和 144 的平方根是多少', mcps: ['calculator'], model: 'deepseek-chat' });
    assert.equal(read.done, true);
    const [first, second] = upstream.requests.slice(requestsBefore).map((request) => request.body as { tools?: Array<{ type: string; function: { name: string; parameters: unknown } }>; messages: Array<Record<string, unknown>> });
    assert.deepEqual(first!.tools!.map((tool) => [tool.type, tool.function.name]), [['function', 'calculator__evaluate']]);
    assert.equal((first!.tools![0]!.function.parameters as { type: string }).type, 'object');
    const sent = second!.messages.slice(-3);
    assert.deepEqual(sent[0], { role: 'assistant', content: null, tool_calls: [{ id: 'call_a', type: 'function', function: { name: 'calculator__evaluate', arguments: '{"expression":"2^10"}' } }, { id: 'call_b', type: 'function', function: { name: 'calculator__evaluate', arguments: '{"expression":"sqrt(144)"}' } }] });
    assert.deepEqual(sent.slice(1), [{ role: 'tool', tool_call_id: 'call_a', content: '2^10 = 1024' }, { role: 'tool', tool_call_id: 'call_b', content: 'sqrt(144) = 12' }]);
    assert.equal(answerText(read.chunks), '2^10 = 1024，√144 = 12。');
    assert.deepEqual(toolCallsOf(read.chunks).map((record) => [record.status, record.result, record.round]), [['done', '2^10 = 1024', 1], ['done', 'sqrt(144) = 12', 1]]);

    const entries = (await ledger()).filter((entry) => entry.reference === 'deepseek-chat' && (entry.kind === 'chat' || entry.kind === 'extension'));
    const model = t.app.catalogue.priced('deepseek-chat')!;
    const tokens = costOf(model, { inputTokens: 720, outputTokens: 65 }, { multiplierPercent: 100, webSearch: false });
    assert.equal(entries.filter((entry) => entry.kind === 'chat').reduce((sum, entry) => sum - entry.delta, 0), tokens, 'the tokens of both rounds');
    assert.equal(entries.filter((entry) => entry.kind === 'extension').reduce((sum, entry) => sum - entry.delta, 0), 14, 'two calls at 7 points');
    await t.app.extensions.repo.update('calculator', { price_per_call: 0 });
  });

  it('a two-round loop on an Anthropic upstream: tool_use streamed, tool_result blocks sent back in a user turn', async () => {
    upstream.reply(
      {
        type: 'stream',
        frames: anthropicFrames([
          { type: 'message_start', message: { usage: { input_tokens: 200, output_tokens: 1 } } },
          { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_1', name: 'unit-converter__convert', input: {} } },
          { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '{"value": 10, "from": "公里",' } },
          { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: ' "to": "米"}' } },
          { type: 'content_block_stop', index: 0 },
          { type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 30 } },
          { type: 'message_stop' },
        ]),
      },
      {
        type: 'stream',
        frames: anthropicFrames([
          { type: 'message_start', message: { usage: { input_tokens: 260, output_tokens: 1 } } },
          { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
          { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: '10 公里是 10000 米。' } },
          { type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 12 } },
          { type: 'message_stop' },
        ]),
      },
    );
    const requestsBefore = upstream.requests.length;
    const read = await stream({ request: '10公里是多少米', mcps: ['unit-converter'], model: 'claude-sonnet-4' });
    assert.equal(read.done, true);
    const [first, second] = upstream.requests.slice(requestsBefore).map((request) => request.body as { tools?: Array<{ name: string; input_schema: { type: string } }>; messages: Array<{ role: string; content: unknown }> });
    assert.deepEqual(first!.tools!.map((tool) => [tool.name, tool.input_schema.type]), [['unit-converter__convert', 'object']]);
    const [assistantTurn, resultTurn] = second!.messages.slice(-2);
    assert.deepEqual(assistantTurn, { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'unit-converter__convert', input: { value: 10, from: '公里', to: '米' } }] });
    assert.equal(resultTurn!.role, 'user');
    const [block] = resultTurn!.content as Array<{ type: string; tool_use_id: string; content: string }>;
    assert.deepEqual([block!.type, block!.tool_use_id], ['tool_result', 'toolu_1']);
    assert.match(block!.content, /10000/);
    assert.equal(answerText(read.chunks), '10 公里是 10000 米。');
  });

  it('an extension that cannot be reached is reported and skipped; the answer still comes', async () => {
    const now = new Date().toISOString();
    await t.app.extensions.repo.insert({
      mcp_name: 'gone', show_name: '已下线的扩展', show_desc: '', kind: '工具', img_url: '', transport: 'http', url: 'http://127.0.0.1:9/mcp', command: null,
      args: '[]', headers: '{}', env: '{}', timeout_seconds: 1, price_per_call: 0, enabled: 1, sort: 99, seed_hash: null, created_at: now, updated_at: now,
    });
    const read = await stream({ request: '1+1 等于几', mcps: ['gone', 'calculator'], model: 'gpt-4o' });
    assert.equal(read.done, true);
    assert.equal(read.chunks.at(-1)!.code, 0);
    const records = toolCallsOf(read.chunks);
    assert.deepEqual(records.map((record) => [record.showName, record.status]), [['已下线的扩展', 'skipped'], ['计算器', 'done']]);
  });

  it('a plug-in agent\'s own extensions are enabled when chatting with it, without the user choosing them', async () => {
    const code = 'gpt-4-gizmo-g-budget-keeper';
    const read = await stream({ request: '这个月房租 3500，水电 420.5，伙食 1800，一共多少钱：3500+420.5+1800', model: code, intelligentCode: code, mcps: [] });
    assert.equal(read.done, true);
    const [call] = toolCallsOf(read.chunks);
    assert.deepEqual([call!.mcpName, call!.status, call!.result], ['calculator', 'done', '3500+420.5+1800 = 5720.5']);
  });

  it('refuses more than 10 extensions before anything is written', async () => {
    const names = Array.from({ length: 11 }, (_, i) => `ext-${i}`);
    const refused = await envelope(t.app.server, 'POST', 'backend-api/getStream', { token, payload: chatBody({ request: '你好', mcps: names, stream: false }) });
    assert.deepEqual([refused.code, refused.msg], [400, '一次最多选择 10 个扩展']);
  });
});
