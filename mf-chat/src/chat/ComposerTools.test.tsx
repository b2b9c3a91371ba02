import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { toasts } from '@qiming/sdk';
import { ChatStore, type ChatStoreDeps } from './ChatStore';
import { Composer } from './Composer';
import { testAgent } from '../agents/testAgent';
import { storedSelections } from '../extensions/selectionMemory';
import { memoryStorage, testExtension } from '../extensions/testExtensions';

jest.mock('@qiming/sdk', () => ({ ...jest.requireActual('@qiming/sdk'), toasts: { info: jest.fn(), warn: jest.fn() } }));
jest.mock('../voice/speechApi', () => ({ speechApi: { capabilities: jest.fn(() => new Promise(() => undefined)) } }));

const offered = [testExtension('calc', { showName: '计算器' }), testExtension('maps', { showName: '地图' }), testExtension('search', { showName: '网页搜索' })];

function setup() {
  const deps = { warn: jest.fn(), settings: () => ({ systemPrompt: '', recentChatLen: 4 }), offeredExtensions: () => offered, extensionMemory: storedSelections(memoryStorage()) } as unknown as ChatStoreDeps;
  const store = new ChatStore(deps, 'glm-4-flash');
  const onOpenExtensions = jest.fn();
  render(<Composer store={store} beforeSend={() => true} signedIn onPickAgent={jest.fn()} onOpenAgents={jest.fn()} knowledgeBases={null} onPickKnowledge={jest.fn()} onOpenKnowledge={jest.fn()} onOpenExtensions={onOpenExtensions} />);
  return { store, onOpenExtensions };
}

const chipNames = () => screen.queryAllByTestId('extension-chip').map((chip) => chip.textContent);

describe('the composer: extensions', () => {
  beforeEach(() => jest.clearAllMocks());

  it('扩展 opens the dialog and shows how many are chosen; the chips above the input remove one each', () => {
    const { store, onOpenExtensions } = setup();
    const button = screen.getByTestId('open-extensions');
    expect(button.textContent).toBe('扩展');
    fireEvent.click(button);
    expect(onOpenExtensions).toHaveBeenCalled();
    expect(screen.queryByTestId('extension-chips')).toBeNull();

    act(() => {
      store.extensions.set(['calc', 'gone', 'search']);
    });
    expect(button.textContent).toBe('扩展2');
    expect(button.getAttribute('aria-label')).toBe('扩展，已选择 2 个');
    expect(chipNames()).toEqual(['计算器✕', '网页搜索✕']);
    fireEvent.click(screen.getByRole('button', { name: '移除计算器' }));
    expect(chipNames()).toEqual(['网页搜索✕']);
    // A change keeps only what is offered: a retired name goes then.
    expect(store.extensions.names).toEqual(['search']);
  });

  it('an agent\'s own extensions show as fixed chips without ×; image models take none', () => {
    const { store } = setup();
    act(() => {
      store.extensions.set(['calc']);
      store.selectAgent(testAgent({ mcps: ['maps'] }));
    });
    const chips = screen.getAllByTestId('extension-chip');
    expect(chipNames()).toEqual(['地图智能体自带', '计算器✕']);
    expect(within(chips[0]!).queryByRole('button')).toBeNull();
    act(() => {
      store.clearAgent();
      store.setModel('flux-kontext-pro');
    });
    expect(screen.queryByTestId('open-extensions')).toBeNull();
    expect(screen.queryByTestId('extension-chips')).toBeNull();
  });
});

describe('the composer: 联网搜索 unavailable', () => {
  beforeEach(() => jest.clearAllMocks());

  it('a tap says why (a title never shows on a phone) and leaves it off; available, it switches', () => {
    const { store } = setup();
    const box = screen.getByTestId('web-search') as HTMLInputElement;
    expect(box.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(box);
    expect(store.webSearch).toBe(false);
    expect(toasts.info).toHaveBeenCalledWith('联网搜索未配置：请联系管理员设置搜索服务');
    act(() => {
      store.selectAgent(testAgent());
    });
    fireEvent.click(screen.getByText('联网搜索'));
    expect(toasts.info).toHaveBeenLastCalledWith('智能体对话暂不支持联网搜索');

    act(() => {
      store.clearAgent();
      store.setModelOptions([{ value: 'glm-4-flash', webSearchAvailable: true }]);
    });
    fireEvent.click(box);
    expect(store.webSearch).toBe(true);
    expect(box.getAttribute('aria-disabled')).toBe('false');
    expect(toasts.info).toHaveBeenCalledTimes(2);
  });
});
