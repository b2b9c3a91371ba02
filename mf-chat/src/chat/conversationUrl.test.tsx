import { useRef } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '@qiming/sdk';
import type { ConversationBranch } from '@qiming/sdk/contracts';
import { CONVERSATION_PARAM, conversationPath, useConversationUrl, type UrlChange } from './conversationUrl';
import { setup } from './testChatStore';

/**
 * The chat store on a real router: the URL's ?conv= drives what is shown, and the store's
 * showInUrl drives the URL (as useChatPage wires them).
 */
const emptyConversation = async (convGroupId: string): Promise<ConversationBranch> => ({
  group: { convGroupId, title: convGroupId, createTime: '2030-01-01T00:00:00.000Z', gptsId: null, icon: null, showInput: true },
  messages: [],
  hasEarlier: false,
});

function page(initial: string, branch: (convGroupId: string) => Promise<ConversationBranch> = emptyConversation) {
  const { store, deps } = setup([]);
  deps.branch.mockImplementation(branch);
  const navigation: { go?: (delta: number) => void } = {};
  const opened = jest.fn();
  function Page() {
    const showInUrl = useRef<(id: string | null, change: UrlChange) => void>(() => undefined);
    deps.showInUrl.mockImplementation((id: string | null, change: UrlChange) => showInUrl.current(id, change));
    showInUrl.current = useConversationUrl(store, opened);
    const location = useLocation();
    const navigate = useNavigate();
    navigation.go = (delta) => navigate(delta);
    return <output data-testid="url">{`${location.pathname}${location.search}`}</output>;
  }
  render(
    <MemoryRouter initialEntries={[initial]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Page />
    </MemoryRouter>,
  );
  const url = () => screen.getByTestId('url').textContent;
  return { store, deps, url, back: () => act(() => navigation.go!(-1)), forward: () => act(() => navigation.go!(1)), opened };
}

describe('the conversation in the URL', () => {
  it('is /chatPage?conv=<id>, apart from the agent route and the other parameters', () => {
    expect(CONVERSATION_PARAM).toBe('conv');
    expect(conversationPath('a b')).toBe('/chatPage?conv=a%20b');
    expect(conversationPath(null)).toBe('/chatPage');
  });

  it('a pasted link or a reload opens the conversation it names', async () => {
    const { store, deps, url, opened } = page('/chatPage?conv=g7');
    await waitFor(() => expect(store.convGroupId).toBe('g7'));
    expect(deps.branch).toHaveBeenCalledWith('g7', {}, true);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(url()).toBe('/chatPage?conv=g7');
  });

  it('opening from the history pushes: back and forward move between conversations; a new chat leaves the URL without one', async () => {
    const { store, url, back, forward } = page('/chatPage?model=glm-4-flash');
    await act(() => store.openFromHistory('g1'));
    expect(url()).toBe('/chatPage?conv=g1');
    await act(() => store.openFromHistory('g2'));
    expect(url()).toBe('/chatPage?conv=g2');
    await back();
    await waitFor(() => expect(store.convGroupId).toBe('g1'));
    expect(url()).toBe('/chatPage?conv=g1');
    await forward();
    await waitFor(() => expect(store.convGroupId).toBe('g2'));
    act(() => void store.newChat());
    expect(url()).toBe('/chatPage');
    expect(store.conversation).toBeNull();
    await back();
    await waitFor(() => expect(store.convGroupId).toBe('g2'));
    await back();
    await back();
    await waitFor(() => expect(url()).toBe('/chatPage?model=glm-4-flash'));
    expect(store.conversation).toBeNull();
  });

  it('an unknown id leaves a notice and a new chat, and the URL without it', async () => {
    const { store, url } = page('/chatPage?conv=gone', () => Promise.reject(new ApiError(1904, '对话不存在或已被删除')));
    await waitFor(() => expect(store.notice).toEqual({ kind: 'conversationMissing' }));
    expect(url()).toBe('/chatPage');
  });
});
