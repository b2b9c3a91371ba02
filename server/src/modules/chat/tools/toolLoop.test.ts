import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ToolCallRecord } from '@qiming/contracts';
import type { UpstreamEvent, UpstreamRequest } from '../upstream/types.js';
import { runToolLoop, TOOL_LOOP_LIMITS, type ToolLoopEvent } from './toolLoop.js';
import type { ToolOutcome, ToolSession, ToolSpec } from './types.js';

const spec = (name: string, pricePerCall = 0): ToolSpec => ({
  name,
  description: name,
  inputSchema: { type: 'object', properties: {} },
  mcpName: name.split('__')[0]!,
  showName: `显示-${name.split('__')[0]}`,
  tool: name.split('__')[1]!,
  pricePerCall,
});

async function* events(...list: UpstreamEvent[]): AsyncGenerator<UpstreamEvent> {
  for (const event of list) yield event;
}

const call = (index: number, name: string, args: string): UpstreamEvent => ({ type: 'toolCall', index, id: `c${index}`, name, arguments: args });

function session(tools: ToolSpec[], run: (name: string, args: Record<string, unknown>) => Promise<ToolOutcome>, unavailable: ToolSession['unavailable'] = []): ToolSession & { calls: string[] } {
  const calls: string[] = [];
  return { tools, unavailable, calls, call: (name, args) => (calls.push(name), run(name, args)) };
}

async function collect(loop: AsyncIterable<ToolLoopEvent>): Promise<ToolLoopEvent[]> {
  const all: ToolLoopEvent[] = [];
  for await (const event of loop) all.push(event);
  return all;
}

/** The latest record of each call, in the order they first appeared. */
function finalRecords(all: ToolLoopEvent[]): ToolCallRecord[] {
  const records = new Map<string, ToolCallRecord>();
  for (const event of all) if (event.type === 'toolCalls') for (const record of event.records) records.set(record.id, record);
  return [...records.values()];
}

/** The fees of the calls as the loop's last report has them. */
const feesOf = (all: ToolLoopEvent[]) => (all.filter((event) => event.type === 'toolCalls').at(-1) as { fees: number }).fees;

const signal = new AbortController().signal;

describe('the tool loop', () => {
  it('runs a round of two calls in parallel, gives the results back and streams the answer; usage is the sum of the rounds', async () => {
    let release!: () => void;
    const bothStarted = new Promise<void>((resolve) => (release = resolve));
    let started = 0;
    const tools = session([spec('calculator__evaluate', 5), spec('datetime__now')], async (name) => {
      if (++started === 2) release();
      await bothStarted; // neither answers before both have started: they run together
      return { ok: true, text: name === 'calculator__evaluate' ? '64' : '2030-01-01 08:00' };
    });
    const rounds: Array<Pick<UpstreamRequest, 'messages' | 'tools' | 'toolChoice'>> = [];
    const first = events(
      { type: 'content', text: '让我算一下。' },
      call(0, 'calculator__evaluate', '{"expression":"(3+5)^2"}'),
      call(1, 'datetime__now', '{}'),
      { type: 'usage', inputTokens: 100, outputTokens: 20 },
    );
    const loop = runToolLoop(first, (round) => (rounds.push(round), events({ type: 'content', text: '结果是 64。' }, { type: 'usage', inputTokens: 150, outputTokens: 10 })), [{ role: 'user', content: '(3+5)^2 和现在时间' }], { session: tools, feeAllowance: 100, signal });
    const all = await collect(loop);

    assert.deepEqual(all.filter((event) => event.type === 'content').map((event) => (event as { text: string }).text), ['让我算一下。', '结果是 64。']);
    assert.deepEqual(all.filter((event) => event.type === 'usage').at(-1), { type: 'usage', inputTokens: 250, outputTokens: 30 });
    const records = finalRecords(all);
    assert.deepEqual(records.map(({ id, mcpName, showName, tool, status, result, round }) => ({ id, mcpName, showName, tool, status, result, round })), [
      { id: '1-1', mcpName: 'calculator', showName: '显示-calculator', tool: 'evaluate', status: 'done', result: '64', round: 1 },
      { id: '1-2', mcpName: 'datetime', showName: '显示-datetime', tool: 'now', status: 'done', result: '2030-01-01 08:00', round: 1 },
    ]);
    assert.ok(records.every((record) => typeof record.seconds === 'number'));
    const running = all.find((event) => event.type === 'toolCalls') as Extract<ToolLoopEvent, { type: 'toolCalls' }>;
    assert.deepEqual(running.records.map((record) => record.status), ['running', 'running'], 'both shown running before either ends');
    assert.equal(feesOf(all), 5);

    assert.equal(rounds.length, 1);
    const [round] = rounds;
    assert.equal(round!.toolChoice, 'auto');
    assert.deepEqual(round!.messages.slice(1), [
      { role: 'assistant', content: '让我算一下。', toolCalls: [{ id: 'c0', name: 'calculator__evaluate', arguments: '{"expression":"(3+5)^2"}' }, { id: 'c1', name: 'datetime__now', arguments: '{}' }] },
      { role: 'tool', toolCallId: 'c0', content: '64' },
      { role: 'tool', toolCallId: 'c1', content: '2030-01-01 08:00' },
    ]);
  });

  it('gives errors to the model, not the user: unknown tools, bad arguments and failed calls; a failed call is not charged', async () => {
    const tools = session([spec('calculator__evaluate', 7)], async () => ({ ok: false, text: '表达式有误' }));
    let second: UpstreamRequest['messages'] = [];
    const first = events(call(0, 'nope__tool', '{}'), call(1, 'calculator__evaluate', '{not json'), call(2, 'calculator__evaluate', '{"expression":"1/"}'));
    const all = await collect(runToolLoop(first, (round) => ((second = round.messages), events({ type: 'content', text: '抱歉' })), [], { session: tools, feeAllowance: 100, signal }));
    const records = finalRecords(all);
    assert.deepEqual(records.map((record) => [record.status, record.result]), [
      ['failed', '没有名为 nope__tool 的工具'],
      ['failed', '工具参数不是合法的 JSON 对象'],
      ['failed', '表达式有误'],
    ]);
    assert.deepEqual(tools.calls, ['calculator__evaluate'], 'only the valid call ran');
    assert.deepEqual(second.filter((m) => m.role === 'tool').map((m) => m.toolError), [true, true, true]);
    assert.equal(feesOf(all), 0);
  });

  it('refuses calls beyond the allowance the hold set aside, and reports unreachable extensions as skipped', async () => {
    const tools = session([spec('paid__tool', 40)], async () => ({ ok: true, text: 'ok' }), [{ mcpName: 'weather', showName: '天气', reason: '扩展暂时无法连接，已跳过' }]);
    const first = events(call(0, 'paid__tool', '{}'), call(1, 'paid__tool', '{}'), call(2, 'paid__tool', '{}'));
    const all = await collect(runToolLoop(first, () => events({ type: 'content', text: '好' }), [], { session: tools, feeAllowance: 100, signal }));
    const records = finalRecords(all);
    assert.deepEqual(records[0], { id: 'skipped-weather', mcpName: 'weather', showName: '天气', tool: '', arguments: '', status: 'skipped', result: '扩展暂时无法连接，已跳过', round: 1 });
    assert.deepEqual(records.slice(1).map((record) => record.status), ['done', 'done', 'failed']);
    assert.equal(records[3]!.result, '本次回复预留的扩展积分已用完，请直接回答');
    assert.equal(tools.calls.length, 2);
    assert.equal(feesOf(all), 80);
  });

  it('after the last round of calls the model must answer (tool choice none); a call it still makes is not run', async () => {
    const tools = session([spec('calc__x')], async () => ({ ok: true, text: '1' }));
    const choices: Array<string | undefined> = [];
    const limits = { ...TOOL_LOOP_LIMITS, rounds: 2 };
    const again = () => events(call(0, 'calc__x', '{}'));
    const all = await collect(runToolLoop(again(), (round) => (choices.push(round.toolChoice), again()), [], { session: tools, feeAllowance: 0, signal, limits }));
    assert.deepEqual(choices, ['auto', 'none']);
    assert.equal(tools.calls.length, 2, 'two rounds of calls, the third round\'s call not run');
    assert.deepEqual(finalRecords(all).map((record) => record.round), [1, 2]);
  });

  it('cuts the recorded arguments and result to the limits it is given', async () => {
    const tools = session([spec('calc__x')], async () => ({ ok: true, text: 'r'.repeat(50) }));
    const limits = { ...TOOL_LOOP_LIMITS, recordChars: 10 };
    const all = await collect(runToolLoop(events(call(0, 'calc__x', `{"a":"${'x'.repeat(40)}"}`)), () => events(), [], { session: tools, feeAllowance: 0, signal, limits }));
    const [record] = finalRecords(all);
    assert.ok(record!.arguments.length <= 11 && record!.result!.length <= 11, `${record!.arguments} / ${record!.result}`);
  });

  it('stops at once when the answer is stopped: no further round', async () => {
    const controller = new AbortController();
    const tools = session([spec('calc__x')], async () => (controller.abort(), { ok: false, text: '已停止' }));
    let asked = 0;
    await collect(runToolLoop(events(call(0, 'calc__x', '{}')), () => (asked++, events()), [], { session: tools, feeAllowance: 0, signal: controller.signal }));
    assert.equal(asked, 0);
  });
});
