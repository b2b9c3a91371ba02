import { act, render, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import type { StreamHandlers, StreamOutcome } from '@qiming/sdk';
import { renderMarkdown } from '../markdown/engine';
import { MessageList } from './MessageList';
import { outcome, setup } from './testChatStore';

// The renderer as it is, counted: a block drawn again would call it again.
jest.mock('../markdown/engine', () => {
  const actual = jest.requireActual('../markdown/engine');
  return { ...actual, renderMarkdown: jest.fn(actual.renderMarkdown) };
});

const ANSWER = '第一段：排序算法。\n\n第二段：复杂度是 O(n log n)。\n\n第三段：结束。';

describe('the message list when an answer completes', () => {
  it('keeps the answer it streamed: the same row, the same blocks, nothing drawn again; the composer is free; follow-ups then show under it', async () => {
    let handlers!: StreamHandlers;
    let end!: (o: StreamOutcome) => void;
    const { store } = setup([(h) => ((handlers = h), new Promise<StreamOutcome>((resolve) => (end = resolve)))]);
    await store.openFromHistory('g1');
    const { container } = render(<MessageList store={store} scrollBox={createRef()} onFollowUp={() => undefined} onExport={() => undefined} nameOf={(model) => model} />);

    let sending!: Promise<void>;
    act(() => {
      sending = store.send('介绍排序');
      handlers.onIds!({ convId: 'a2', convGroupId: 'g1', parentConvId: 'q2' });
      handlers.onDelta!(ANSWER, {});
    });
    const row = container.querySelector('[data-testid="message-live"]')!;
    await waitFor(() => expect(row.querySelectorAll('[data-testid="markdown"] > div')).toHaveLength(3));
    const blocks = [...row.querySelectorAll('[data-testid="markdown"] > div')];
    const question = container.querySelectorAll('[data-testid="message-user"]')[1]!;
    const renders = jest.mocked(renderMarkdown).mock.calls.length;
    const changes: MutationRecord[] = [];
    const watcher = new MutationObserver((records) => changes.push(...records));
    watcher.observe(row.querySelector('[data-testid="markdown"]')!, { childList: true, subtree: true, characterData: true });

    act(() => handlers.onAnswerComplete!({ convId: 'a2', convGroupId: 'g1', parentConvId: 'q2', title: '标题', createTime: '2030-01-01T00:01:00.000Z', offlineDemo: false }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0))); // let idle work (enhancement) run

    expect(store.busy).toBe(false);
    expect(row.isConnected).toBe(true);
    expect(question.isConnected).toBe(true);
    expect(row.getAttribute('data-testid')).toBe('message-assistant');
    expect([...row.querySelectorAll('[data-testid="markdown"] > div')]).toEqual(blocks);
    blocks.forEach((block, i) => expect(row.querySelectorAll('[data-testid="markdown"] > div')[i]).toBe(block));
    expect(jest.mocked(renderMarkdown).mock.calls.length).toBe(renders);
    expect(changes).toEqual([]);
    expect(row.querySelector('[data-testid="regenerate"]')).not.toBeNull();

    act(() => handlers.onFollowUps!(['快速排序怎么写？', '哪种排序最稳定？']));
    expect([...row.querySelectorAll('[data-testid="follow-ups"] button')].map((b) => b.textContent)).toEqual(['快速排序怎么写？', '哪种排序最稳定？']);
    expect(changes).toEqual([]);
    watcher.disconnect();
    end(outcome({ status: 'done', endedWithoutDone: false }));
    await act(async () => sending);
  });
});
