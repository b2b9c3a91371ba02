import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ToolCallRecord } from '@qiming/sdk/contracts';
import { createRef } from 'react';
import { MessageList } from '../chat/MessageList';
import { node, outcome, setup, treeOf } from '../chat/testChatStore';
import { reduceLive, startLive } from '../chat/liveAnswer';
import { mergeToolCalls } from '@qiming/sdk/contracts';
import { shownArguments, shownSeconds } from './toolCalls';
import { ToolCalls } from './ToolCalls';

const call = (id: string, extra: Partial<ToolCallRecord> = {}): ToolCallRecord => ({ id, mcpName: 'calc', showName: '计算器', tool: 'add', arguments: '{"a":1,"b":2}', status: 'running', round: 1, ...extra });

describe('tool calls: merged by id', () => {
  it('updates a known id in its place and adds new ones at the end', () => {
    const before = [call('t1'), call('t2', { tool: 'mul' })];
    const merged = mergeToolCalls(before, [call('t2', { tool: 'mul', status: 'done', result: '6', seconds: 1.26 }), call('t3', { round: 2 })]);
    expect(merged.map((c) => [c.id, c.status])).toEqual([['t1', 'running'], ['t2', 'done'], ['t3', 'running']]);
    expect(merged[1]).toMatchObject({ result: '6', seconds: 1.26, tool: 'mul' });
    expect(before[1]!.status).toBe('running');
    expect(mergeToolCalls(before, [])).toBe(before);
  });

  it('the live answer gathers them from the stream (the first ends the waiting step); the saved answer keeps them', async () => {
    let live = startLive('算一下', '正在连接模型', 0);
    live = reduceLive(live, { type: 'toolCalls', list: [call('t1')], now: 2000 });
    // The model is working: the waiting step ends, and no other follows.
    expect(live.steps).toEqual([{ text: '正在连接模型', startedAt: 0, doneAt: 2000 }]);
    live = reduceLive(live, { type: 'waitTick', waitSteps: ['正在连接模型', '模型正在理解你的问题'], now: 16000 });
    live = reduceLive(live, { type: 'toolCalls', list: [call('t1', { status: 'done', result: '3', seconds: 0.4 })], now: 17000 });
    expect(live.toolCalls).toEqual([call('t1', { status: 'done', result: '3', seconds: 0.4 })]);
    expect(live.steps).toHaveLength(1);

    const { store } = setup([
      (h) => {
        h.onIds!({ convId: 'a2', convGroupId: 'g9', parentConvId: 'q2' });
        h.onToolCalls!([call('t1')]);
        h.onToolCalls!([call('t1', { status: 'failed', result: 'timeout', seconds: 30 }), call('t2', { status: 'skipped', mcpName: 'maps', showName: '地图', tool: '', arguments: '', result: '服务暂时无法连接' })]);
        h.onDelta!('答案', {});
        h.onAnswerComplete!({ convId: 'a2', convGroupId: 'g9', parentConvId: 'q2', offlineDemo: false });
        return outcome({ status: 'done', endedWithoutDone: false });
      },
    ]);
    await store.send('算一下');
    expect(store.messages.at(-1)!.node.chatContent[0]!.toolCalls!.map((c) => [c.id, c.status])).toEqual([['t1', 'failed'], ['t2', 'skipped']]);
  });

  it('shows arguments as pretty JSON when they parse, seconds with one decimal under 10', () => {
    expect(shownArguments('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(shownArguments('a=1')).toBe('a=1');
    expect([shownSeconds(1.26), shownSeconds(0.04), shownSeconds(12.6)]).toEqual(['1.3', '<0.1', '13']);
  });
});

describe('tool calls in the answer', () => {
  const lines = () => screen.getAllByTestId('tool-call');

  it('reads as its status: running, done with seconds, failed, skipped with the reason', () => {
    render(
      <ToolCalls
        calls={[
          call('t1'),
          call('t2', { status: 'done', result: '3', seconds: 1.2 }),
          call('t3', { status: 'failed', result: 'timeout' }),
          call('t4', { status: 'skipped', showName: '地图', tool: '', arguments: '', result: '服务暂时无法连接' }),
        ]}
      />,
    );
    expect(lines().map((line) => line.textContent!.replace(/[▾▴]/g, '').trim())).toEqual(['正在调用 计算器 · add…', '✓计算器 · add1.2 秒', '✗计算器 · add 调用失败', '⚠地图：服务暂时无法连接']);
    expect(lines().map((line) => line.dataset.status)).toEqual(['running', 'done', 'failed', 'skipped']);
    // A skipped extension has nothing more to show: its line is no button.
    expect(within(lines()[3]!).queryByRole('button')).toBeNull();
  });

  it('each line is collapsed at first; opening shows 参数 (pretty JSON) and 结果, closing hides them', () => {
    render(<ToolCalls calls={[call('t1', { status: 'done', result: '第一行\n第二行', seconds: 2 }), call('t2', { arguments: 'not json' })]} />);
    const [first, second] = screen.getAllByRole('button');
    expect(first!.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('tool-call-details')).toBeNull();
    fireEvent.click(first!);
    expect(first!.getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByTestId('tool-call-details');
    expect(details.textContent).toBe('参数{\n  "a": 1,\n  "b": 2\n}结果第一行\n第二行');
    fireEvent.click(second!);
    expect(screen.getAllByTestId('tool-call-details')[1]!.textContent).toBe('参数not json');
    fireEvent.click(first!);
    expect(screen.getAllByTestId('tool-call-details')).toHaveLength(1);
  });

  it('shows nothing without calls', () => {
    const { container } = render(<ToolCalls calls={[]} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('tool calls of a saved answer (history)', () => {
  it('show under the thinking and above the text', async () => {
    const answer = node('a1', 'assistant', '结果是 3。', [], { chatContent: [{ role: 'assistant', content: '结果是 3。', reasoning: '先算一下', toolCalls: [call('t1', { status: 'done', result: '3', seconds: 0.5 })] }] });
    const { store } = setup([], treeOf([node('q1', 'user', '1+2=?', [answer])]));
    await store.openFromHistory('g1');
    const { container } = render(<MessageList store={store} scrollBox={createRef()} onFollowUp={() => undefined} onExport={() => undefined} nameOf={(model) => model} />);
    const row = container.querySelector('[data-testid="message-assistant"]')!;
    await waitFor(() => expect(row.querySelector('[data-testid="markdown"]')).not.toBeNull()); // the renderer loads lazily
    const order = [...row.querySelectorAll('[data-testid="think-block"], [data-testid="tool-calls"], [data-testid="markdown"]')].map((el) => el.getAttribute('data-testid'));
    expect(order).toEqual(['think-block', 'tool-calls', 'markdown']);
    expect(within(row as HTMLElement).getByTestId('tool-call').textContent).toContain('计算器 · add');
  });
});
