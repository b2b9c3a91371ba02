import type { ReactElement } from 'react';
import { fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { eventBus, session, type AppEvents } from '@qiming/sdk';
import { UiProvider } from '@qiming/sdk/ui';
import { ToolboxApiProvider, type ToolboxApi } from '../api/toolboxApi';
import { agent, fakeApi } from '../testing/fakeApi';
import { FavouriteList } from './FavouriteList';
import { MyAgentsPage } from './MyAgentsPage';
import { MyPluginsPage } from './MyPluginsPage';
import { SquarePage } from './SquarePage';

const render = (ui: ReactElement, api: ToolboxApi) =>
  renderBare(
    <UiProvider>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ToolboxApiProvider value={api}>{ui}</ToolboxApiProvider>
      </MemoryRouter>
    </UiProvider>,
  );

const signIn = () => session.setTokens('access', 'refresh');

afterEach(() => session.clear());

describe('智能体广场', () => {
  it('searches (debounced), filters by category and pages with the right payloads', async () => {
    signIn();
    const api = fakeApi([agent('1')], 45);
    render(<SquarePage />, api);
    expect(await screen.findByText('智能体1')).toBeTruthy();
    expect(api.publicAgents).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20 });
    expect(screen.getByText('12 次使用')).toBeTruthy();

    fireEvent.click(await screen.findByRole('tab', { name: '写作 (3)' }));
    await waitFor(() => expect(api.publicAgents).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, kind1: 'writing' }));
    expect(screen.getByRole('tab', { name: '全部 (5)' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('搜索智能体名称或简介'), { target: { value: ' 周报 ' } });
    await waitFor(() => expect(api.publicAgents).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, keyWord: '周报', kind1: 'writing' }));

    fireEvent.click(await screen.findByTitle('3'));
    await waitFor(() => expect(api.publicAgents).toHaveBeenLastCalledWith({ pageNo: 3, pageSize: 20, keyWord: '周报', kind1: 'writing' }));

    // A new search starts again from page 1.
    fireEvent.change(screen.getByLabelText('搜索智能体名称或简介'), { target: { value: '日报' } });
    await waitFor(() => expect(api.publicAgents).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 20, keyWord: '日报', kind1: 'writing' }));
  });

  it('shows the 插件 tag only on agents carrying extensions, and an empty state', async () => {
    signIn();
    const api = fakeApi([agent('1', { mcps: ['search'] }), agent('2')]);
    const { unmount } = render(<SquarePage />, api);
    const cards = await screen.findAllByTestId('agent-card');
    expect(within(cards[0]!).queryByText('插件')).toBeTruthy();
    expect(within(cards[1]!).queryByText('插件')).toBeNull();
    unmount();
    render(<SquarePage />, fakeApi([]));
    expect(await screen.findByText('没有找到相关的智能体，换个关键词或分类试试')).toBeTruthy();
  });

  it('browses signed out, with the category tabs and their counts', async () => {
    const api = fakeApi([agent('1')]);
    render(<SquarePage />, api);
    expect(await screen.findByText('智能体1')).toBeTruthy();
    expect(api.categories).toHaveBeenCalled();
    expect(await screen.findByRole('tab', { name: '编程 (2)' })).toBeTruthy();
  });

  it('shows a retry when the list fails', async () => {
    const api = fakeApi();
    api.publicAgents.mockRejectedValueOnce(new Error('down'));
    render(<SquarePage />, api);
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByText('智能体1')).toBeTruthy();
  });
});

describe('detail dialog', () => {
  it('toggles the favourite with appName, code and coment', async () => {
    signIn();
    const api = fakeApi([agent('1', { description: '写周报的好帮手' })]);
    render(<SquarePage />, api);
    fireEvent.click(await screen.findByText('智能体1'));
    const dialog = await screen.findByTestId('agent-detail');
    expect(within(dialog).getByText('作者：小明')).toBeTruthy();
    expect(within(dialog).getByText('写作')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '收藏' }));
    await waitFor(() => expect(api.favourite).toHaveBeenCalledWith({ appName: '智能体1', code: 'gpt-4-gizmo-g-user-c-1', coment: '写周报的好帮手' }));
    fireEvent.click(await within(dialog).findByRole('button', { name: '已收藏' }));
    await waitFor(() => expect(api.unfavourite).toHaveBeenCalledWith('gpt-4-gizmo-g-user-c-1'));
    expect(await within(dialog).findByRole('button', { name: '收藏' })).toBeTruthy();
  });

  it('asks a visitor to log in before favouriting or chatting, remembering where to come back', async () => {
    const api = fakeApi([agent('1')]);
    const asked: AppEvents['auth:required'][] = [];
    const off = eventBus.on('auth:required', (payload) => asked.push(payload));
    try {
      render(<SquarePage />, api);
      fireEvent.click(await screen.findByText('智能体1'));
      const dialog = await screen.findByTestId('agent-detail');
      fireEvent.click(within(dialog).getByRole('button', { name: '收藏' }));
      fireEvent.click(within(dialog).getByRole('button', { name: '你能做什么？' }));
      expect(api.favourite).not.toHaveBeenCalled();
      expect(asked[1]).toEqual({ returnTo: `/chatPage/g-gpt-4-gizmo-g-user-c-1?q=${encodeURIComponent('你能做什么？')}` });
      expect(window.localStorage.getItem('beforeUrl')).toBe(asked[1]!.returnTo);
    } finally {
      off();
    }
  });

  it('goes to the chat with the picked question, and offers 编辑 only on own agents', async () => {
    signIn();
    render(<SquarePage />, fakeApi([agent('1', { mine: true })]));
    fireEvent.click(await screen.findByText('智能体1'));
    const dialog = await screen.findByTestId('agent-detail');
    fireEvent.click(within(dialog).getByRole('button', { name: '编辑' }));
    expect(window.location.pathname + window.location.search).toBe('/toolBox/coll2?edit=1');
    fireEvent.click(within(dialog).getByRole('button', { name: '你能做什么？' }));
    expect(window.location.pathname).toBe('/chatPage/g-gpt-4-gizmo-g-user-c-1');
    expect(new URLSearchParams(window.location.search).get('q')).toBe('你能做什么？');
  });
});

describe('favourites and plug-ins', () => {
  it('lists plain models beside agents and opens a model in the chat', async () => {
    signIn();
    const api = fakeApi();
    api.favourites.mockResolvedValue({
      total: 2,
      list: [
        { id: 'f1', appName: 'GPT-4o', code: 'gpt-4o', coment: '常用模型', app: null, createTime: '' },
        { id: 'f2', appName: '智能体1', code: 'gpt-4-gizmo-g-user-c-1', coment: '', app: agent('1', { colled: 1 }), createTime: '' },
      ],
    });
    render(<FavouriteList categories={[]} />, api);
    expect(await screen.findByText('模型')).toBeTruthy();
    fireEvent.click(screen.getByText('GPT-4o'));
    expect(window.location.pathname + window.location.search).toBe('/chatPage?model=gpt-4o');
    fireEvent.click(screen.getAllByRole('button', { name: '取消收藏' })[1]!);
    await waitFor(() => expect(api.unfavourite).toHaveBeenCalledWith('gpt-4-gizmo-g-user-c-1'));
  });

  it('我的收藏 (/toolBox/coll) is 我的智能体 opened on the favourites', async () => {
    signIn();
    const api = fakeApi([]);
    api.favourites.mockResolvedValue({ total: 1, list: [{ id: 'f1', appName: 'GPT-4o', code: 'gpt-4o', coment: '', app: null, createTime: '' }] });
    render(<MyAgentsPage initialTab="favourites" />, api);
    expect(await screen.findByText('GPT-4o')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '我的收藏' }).getAttribute('aria-selected')).toBe('true');
  });

  it('我的插件 asks for own agents with extensions and explains an empty list', async () => {
    signIn();
    const api = fakeApi([]);
    render(<MyPluginsPage />, api);
    expect(await screen.findByText(/插件就是携带扩展（MCP）的智能体/)).toBeTruthy();
    expect(api.mine).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20, funcCall: true });
    fireEvent.click(screen.getByRole('button', { name: '创建智能体' }));
    expect(window.location.pathname + window.location.search).toBe('/toolBox/coll2?create=1');
  });
});
