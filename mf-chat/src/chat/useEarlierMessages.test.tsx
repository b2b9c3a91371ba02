import { useRef } from 'react';
import { observer } from 'mobx-react-lite';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ChatStore } from './ChatStore';
import { deepTree, setup } from './testChatStore';
import { EARLIER_WITHIN_PX, useEarlierMessages } from './useEarlierMessages';

/** Every message is drawn 100 px high here (jsdom lays nothing out). */
const ROW = 100;

const Messages = observer(function Messages({ store }: { store: ChatStore }) {
  const box = useRef<HTMLDivElement>(null);
  const earlier = useEarlierMessages(box, store);
  return (
    <div ref={box} onScroll={earlier.onScroll} data-testid="box">
      {store.messages.map((m) => (
        <p key={m.node.convId}>{m.node.chatContent[0]!.content}</p>
      ))}
    </div>
  );
});

/** The box's geometry: its content is as high as its messages; scrollTop is kept as set. */
function geometry(box: HTMLElement, store: ChatStore) {
  let top = 0;
  Object.defineProperty(box, 'scrollHeight', { configurable: true, get: () => store.messages.length * ROW });
  Object.defineProperty(box, 'clientHeight', { configurable: true, get: () => 900 });
  Object.defineProperty(box, 'scrollTop', { configurable: true, get: () => top, set: (value: number) => (top = value) });
}

describe('earlier messages on scrolling up', () => {
  it('are read near the top and put above without moving what is shown', async () => {
    const { store, deps } = setup([], deepTree(200));
    await act(() => store.openFromHistory('g1'));
    render(<Messages store={store} />);
    const box = screen.getByTestId('box');
    geometry(box, store);
    expect(store.messages).toHaveLength(40);

    box.scrollTop = 3000;
    fireEvent.scroll(box);
    expect(deps.branch).toHaveBeenCalledTimes(1);

    box.scrollTop = EARLIER_WITHIN_PX - 100;
    fireEvent.scroll(box);
    // The user goes on scrolling while the page is on its way: what counts is where they are when it arrives.
    box.scrollTop = 120;
    await waitFor(() => expect(store.messages).toHaveLength(80));
    expect(deps.branch).toHaveBeenLastCalledWith('g1', { before: 'q160' });
    // 4,000 px of content, 120 from the top: 3,880 from the bottom, still after 40 more messages.
    expect(box.scrollTop).toBe(80 * ROW - (40 * ROW - 120));
    expect(screen.getByText('第120条')).toBeTruthy();
  });

  it('are not asked for twice while a page is on its way, nor when there are none', async () => {
    const { store, deps } = setup([], deepTree(60));
    await act(() => store.openFromHistory('g1'));
    render(<Messages store={store} />);
    const box = screen.getByTestId('box');
    geometry(box, store);
    box.scrollTop = 0;
    fireEvent.scroll(box);
    fireEvent.scroll(box);
    await waitFor(() => expect(store.messages).toHaveLength(60));
    expect(deps.branch).toHaveBeenCalledTimes(2);
    expect(store.hasEarlier).toBe(false);
    fireEvent.scroll(box);
    expect(deps.branch).toHaveBeenCalledTimes(2);
  });
});
