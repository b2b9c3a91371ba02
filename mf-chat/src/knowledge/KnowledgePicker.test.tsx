import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { navigateTo } from '@qiming/sdk';
import type { KnowledgeBase } from '@qiming/sdk/contracts';
import { ChatStore, type ChatStoreDeps } from '../chat/ChatStore';
import { Composer } from '../chat/Composer';
import { testBase } from './testBase';
import { UsableBases } from './UsableBases';

jest.mock('@qiming/sdk', () => ({ ...jest.requireActual('@qiming/sdk'), navigateTo: jest.fn() }));
jest.mock('../voice/speechApi', () => ({ speechApi: { capabilities: jest.fn(() => new Promise(() => undefined)) } }));

const manual = testBase();
const faq = testBase({ id: 'kb-2', title: '客服问答', remark: '退款与发票', documentCount: 8 });
// The server sends own bases first; a public one of someone else arrives out of order here on purpose.
const lawPublic = testBase({ id: 'kb-pub', title: '劳动法汇编', remark: '法条与案例', mine: false, isPublic: 1, author: '老王' });
const usable = [lawPublic, manual, faq];

function setup({ signedIn = true, list = usable }: { signedIn?: boolean; list?: KnowledgeBase[] } = {}) {
  const store = new ChatStore({ warn: jest.fn(), settings: () => ({ systemPrompt: '', recentChatLen: 4 }) } as unknown as ChatStoreDeps, 'glm-4-flash');
  const load = jest.fn(async () => list);
  const bases = new UsableBases(load);
  const onPickKnowledge = jest.fn((base: KnowledgeBase) => store.selectKnowledge(base));
  render(
    <Composer store={store} beforeSend={() => true} signedIn={signedIn} onPickAgent={jest.fn()} onOpenAgents={jest.fn()} knowledgeBases={signedIn ? bases : null} onPickKnowledge={onPickKnowledge} onOpenKnowledge={jest.fn()} onOpenExtensions={jest.fn()} />,
  );
  const input = screen.getByTestId('composer-input') as HTMLTextAreaElement;
  const type = (value: string) => {
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value } });
  };
  const key = (name: string) => fireEvent.keyDown(input, { key: name });
  const rows = () => screen.queryAllByTestId('agent-card').map((card) => card.querySelector('strong')!.textContent);
  const active = () => screen.getAllByTestId('agent-card').find((card) => card.getAttribute('aria-selected') === 'true')?.querySelector('strong')!.textContent;
  return { store, input, type, key, rows, active, load, onPickKnowledge };
}

describe('the / knowledge picker', () => {
  beforeEach(() => jest.clearAllMocks());

  it('opens on / at the start of the input with the usable bases, own first, tagged 我的 / 公开; not after a space or mid-text', async () => {
    const { type, rows, load } = setup();
    type('请看 /');
    expect(screen.queryByTestId('knowledge-picker')).toBeNull();
    type('/');
    await waitFor(() => expect(rows()).toEqual(['产品手册我的', '客服问答我的', '劳动法汇编公开']));
    expect(load).toHaveBeenCalledTimes(1);
    type('/产品 手册');
    expect(screen.queryByTestId('knowledge-picker')).toBeNull();
  });

  it('filters by title and remark, case-insensitively, as the text after / is typed', async () => {
    const { type, rows } = setup({ list: [...usable, testBase({ id: 'kb-en', title: 'API Guide', remark: '' })] });
    type('/');
    await waitFor(() => expect(rows()).toHaveLength(4));
    type('/发票');
    expect(rows()).toEqual(['客服问答我的']);
    type('/api');
    expect(rows()).toEqual(['API Guide我的']);
  });

  it('↑ ↓ move (wrapping), Enter picks: the /filter leaves the input and the banner names the base', async () => {
    const { type, key, active, input, store, onPickKnowledge } = setup();
    type('/');
    await waitFor(() => expect(active()).toBe('产品手册我的'));
    key('ArrowUp');
    expect(active()).toBe('劳动法汇编公开');
    key('ArrowDown');
    key('ArrowDown');
    expect(active()).toBe('客服问答我的');
    key('Enter');
    expect(onPickKnowledge).toHaveBeenCalledWith(faq);
    expect(input.value).toBe('');
    expect(store.knowledge).toEqual({ id: 'kb-2', title: '客服问答' });
    expect(store.model).toBe('glm-4-flash');
    expect(screen.queryByTestId('knowledge-picker')).toBeNull();
    expect(screen.getByTestId('knowledge-banner').textContent).toContain('知识库：客服问答');
  });

  it('Tab picks too, keeping the text after the caret; a click picks', async () => {
    const { type, key, input, store } = setup();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '/劳 这条规定' } });
    act(() => {
      input.setSelectionRange(2, 2);
      fireEvent.select(input);
    });
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(1));
    key('Tab');
    expect(store.knowledge?.id).toBe('kb-pub');
    expect(input.value).toBe(' 这条规定');
    type('/');
    fireEvent.click(await screen.findByText('产品手册'));
    expect(store.knowledge?.id).toBe('kb-1');
  });

  it('Esc closes it and Enter sends the text as it is', async () => {
    const { type, key, store } = setup();
    const send = jest.spyOn(store, 'send').mockResolvedValue();
    type('/help');
    await screen.findByTestId('knowledge-picker');
    key('Escape');
    expect(screen.queryByTestId('knowledge-picker')).toBeNull();
    key('Enter');
    expect(send).toHaveBeenCalledWith('/help');
  });

  it('no base to offer: a hint with a link to 新建知识库', async () => {
    const { type } = setup({ list: [] });
    type('/');
    const hint = await screen.findByTestId('knowledge-picker-empty');
    await waitFor(() => expect(hint.textContent).toContain('还没有可用的知识库'));
    const link = screen.getByRole('link', { name: '新建知识库' });
    expect(link.getAttribute('href')).toBe('/toolBox/knowledgePage');
    fireEvent.click(link);
    expect(navigateTo).toHaveBeenCalledWith('/toolBox/knowledgePage');
  });

  it('signed out, / is plain text: no picker and nothing fetched', async () => {
    const { type, load } = setup({ signedIn: false });
    type('/');
    await act(async () => undefined);
    expect(screen.queryByTestId('knowledge-picker')).toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('the banner × removes the base and keeps the typed text', async () => {
    const { type, key, input, store } = setup();
    type('/');
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(3));
    key('Enter');
    type('安装步骤是什么');
    act(() => fireEvent.click(screen.getByTestId('knowledge-banner-remove')));
    expect(store.knowledge).toBeNull();
    expect(screen.queryByTestId('knowledge-banner')).toBeNull();
    expect(input.value).toBe('安装步骤是什么');
  });
});
