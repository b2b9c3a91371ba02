import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { agentsApi } from '@qiming/sdk';
import type { AgentApp } from '@qiming/sdk/contracts';
import { ChatStore, type ChatStoreDeps } from '../chat/ChatStore';
import { Composer } from '../chat/Composer';
import { testAgent } from './testAgent';

jest.mock('@qiming/sdk', () => ({
  ...jest.requireActual('@qiming/sdk'),
  agentsApi: { mine: jest.fn(), favourites: jest.fn(), publicAgents: jest.fn() },
}));
jest.mock('../voice/speechApi', () => ({ speechApi: { capabilities: jest.fn(() => new Promise(() => undefined)) } }));

const api = agentsApi as jest.Mocked<typeof agentsApi>;
const page = <T,>(list: T[]) => ({ list, total: list.length });

const mine = testAgent({ code: 'gpt-4-gizmo-g-user-c-1', appName: '周报生成器', description: '把要点写成周报', mine: true });
const favourite = testAgent({ code: 'gpt-4-gizmo-g-translator', appName: '翻译官', description: '中英互译' });
const writer = testAgent();
const poet = testAgent({ code: 'gpt-4-gizmo-g-poet', appName: '写诗', description: '古诗词' });

function setup(signedIn: boolean) {
  const store = new ChatStore({ warn: jest.fn(), settings: () => ({ systemPrompt: '', recentChatLen: 4 }) } as unknown as ChatStoreDeps, 'glm-4-flash');
  const onPickAgent = jest.fn((app: AgentApp) => store.selectAgent(app));
  render(<Composer store={store} beforeSend={() => true} signedIn={signedIn} onPickAgent={onPickAgent} onOpenAgents={jest.fn()} knowledgeBases={null} onPickKnowledge={jest.fn()} onOpenKnowledge={jest.fn()} onOpenExtensions={jest.fn()} />);
  const input = screen.getByTestId('composer-input') as HTMLTextAreaElement;
  const type = (value: string) => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
  };
  const key = (name: string) => fireEvent.keyDown(input, { key: name });
  const names = () => screen.queryAllByTestId('agent-card').map((card) => card.querySelector('strong')!.textContent);
  const active = () => screen.getAllByTestId('agent-card').find((card) => card.getAttribute('aria-selected') === 'true')?.querySelector('strong')!.textContent;
  return { store, input, type, key, names, active, onPickAgent };
}

describe('the @ agent picker', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    api.mine.mockResolvedValue(page([mine]));
    api.favourites.mockResolvedValue(page([{ id: 'f1', appName: '我的翻译', code: favourite.code, coment: '', app: favourite, createTime: '' }, { id: 'f2', appName: 'GPT-4o', code: 'gpt-4o', coment: '', app: null, createTime: '' }]));
    api.publicAgents.mockImplementation(async (query) => page([writer, poet].filter((app) => !query.keyWord || app.appName.includes(query.keyWord))));
  });

  it('opens on @ at the start or after a space with 我的智能体, 我的收藏 and 公开智能体; not inside a word', async () => {
    const { type, names } = setup(true);
    type('mail a@b');
    expect(screen.queryByTestId('agent-picker')).toBeNull();
    type('请 @');
    await waitFor(() => expect(names()).toEqual(['周报生成器', '翻译官', '写作助手', '写诗']));
    expect(screen.getByTestId('picker-mine')).toBeTruthy();
    expect(screen.getByTestId('picker-favourites')).toBeTruthy();
    expect(api.publicAgents).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20 });
  });

  it('filters as the query is typed and searches public agents by keyWord once it settles', async () => {
    const { type, names } = setup(true);
    type('@');
    await waitFor(() => expect(names()).toHaveLength(4));
    type('@写');
    expect(names()).toEqual(['周报生成器', '写作助手', '写诗']);
    await waitFor(() => expect(api.publicAgents).toHaveBeenCalledWith({ pageNo: 1, pageSize: 20, keyWord: '写' }));
    type('@写诗');
    expect(names()).toEqual(['写诗']);
  });

  it('↑ ↓ move (wrapping), Enter picks: the @query leaves the text and the agent is chosen', async () => {
    const { type, key, active, input, store, onPickAgent } = setup(true);
    type('帮我 @');
    await waitFor(() => expect(active()).toBe('周报生成器'));
    key('ArrowDown');
    expect(active()).toBe('翻译官');
    key('ArrowUp');
    key('ArrowUp');
    expect(active()).toBe('写诗');
    key('ArrowDown');
    key('ArrowDown');
    expect(active()).toBe('翻译官');
    key('Enter');
    expect(onPickAgent).toHaveBeenCalledWith(favourite);
    expect(input.value).toBe('帮我 ');
    expect(store.model).toBe(favourite.code);
    expect(screen.queryByTestId('agent-picker')).toBeNull();
    expect(screen.getByTestId('agent-banner').textContent).toContain('翻译官');
  });

  it('Esc closes it and Enter sends again; a new @ opens it again', async () => {
    const { type, key, input, store } = setup(true);
    const send = jest.spyOn(store, 'send').mockResolvedValue();
    type('@翻');
    await screen.findByTestId('agent-picker');
    key('Escape');
    expect(screen.queryByTestId('agent-picker')).toBeNull();
    type('@翻译');
    expect(screen.queryByTestId('agent-picker')).toBeNull();
    key('Enter');
    expect(send).toHaveBeenCalledWith('@翻译');
    type('@翻译 @');
    expect(await screen.findByTestId('agent-picker')).toBeTruthy();
    expect(input.value).toBe('@翻译 @');
  });

  it('signed out (no user info): only public agents, my agents and favourites are not fetched', async () => {
    const { type, names } = setup(false);
    type('@');
    await waitFor(() => expect(names()).toEqual(['写作助手', '写诗']));
    expect(api.mine).not.toHaveBeenCalled();
    expect(api.favourites).not.toHaveBeenCalled();
    expect(screen.queryByTestId('picker-mine')).toBeNull();
  });

  it('the banner × returns to the model used before the agent', async () => {
    const { type, key, store } = setup(true);
    type('@');
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(4));
    key('Enter');
    expect(store.model).toBe(mine.code);
    act(() => fireEvent.click(screen.getByTestId('agent-banner-remove')));
    expect(store.model).toBe('glm-4-flash');
    expect(screen.queryByTestId('agent-banner')).toBeNull();
  });
});
