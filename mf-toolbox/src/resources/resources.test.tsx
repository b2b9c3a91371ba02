import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ApiError } from '@qiming/sdk';
import type { ResourceCategory, ResourceItem } from '@qiming/sdk/contracts';
import { UiProvider } from '@qiming/sdk/ui';
import { ResourcePage } from './ResourcePage';
import type { ResourcesApi } from './resourcesApi';
import { groupsOf, searchItems } from './tree';

const item = (id: string, itemName: string, tooltip: string, tags: string[] = [], imgUrl: string | null = null): ResourceItem => ({
  kind: 'item',
  id,
  itemName,
  tooltip,
  link: `https://${id}.example.com`,
  imgUrl,
  tags,
  subItems: [],
});
const category = (id: string, itemName: string, subItems: ResourceCategory['subItems'], imgUrl = ''): ResourceCategory => ({ kind: 'category', id, itemName, imgUrl, tooltip: '', link: null, subItems });

const TREE: ResourceCategory[] = [
  category(
    'chat',
    'AI 对话',
    [
      category('chat-cn', '国内大模型', [item('deepseek', 'DeepSeek', '深度求索的对话助手', ['推理']), item('kimi', 'Kimi', '长文本阅读', ['搜索'])]),
      category('chat-intl', '海外大模型', [item('claude', 'Claude', 'Anthropic 的助手', [], '/app-api/public/resource-icons/claude-0123456789ab.png')]),
    ],
    '💬',
  ),
  category('search', 'AI 搜索', [item('metaso', '秘塔 AI 搜索', '没有广告的中文搜索', ['中文'])], '🔍'),
];

function fakeApi(overrides: Partial<ResourcesApi> = {}) {
  return { tree: jest.fn(async () => TREE), feedback: jest.fn(async () => undefined), ...overrides } satisfies ResourcesApi;
}

const renderPage = (api: ResourcesApi, path = '/resourcePage') =>
  render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <ResourcePage api={api} />
      </MemoryRouter>
    </UiProvider>,
  );

const cardNames = () => screen.queryAllByTestId('resource-card').map((card) => card.querySelector('span > span')!.textContent);

describe('the directory tree', () => {
  it('searches names, descriptions and tags across every category, name matches first', () => {
    expect(searchItems(TREE, 'deepseek').map((i) => i.id)).toEqual(['deepseek']);
    expect(searchItems(TREE, '搜索').map((i) => i.id)).toEqual(['metaso', 'kimi']);
    expect(searchItems(TREE, 'anthropic').map((i) => i.id)).toEqual(['claude']);
    expect(searchItems(TREE, '中文 广告').map((i) => i.id)).toEqual(['metaso']);
    expect(searchItems(TREE, '  ')).toEqual([]);
  });

  it('groups a top-level category by its sub-categories', () => {
    expect(groupsOf(TREE[0]!).map((g) => [g.title, g.items.map((i) => i.id)])).toEqual([
      ['国内大模型', ['deepseek', 'kimi']],
      ['海外大模型', ['claude']],
    ]);
    expect(groupsOf(TREE[1]!)).toEqual([{ title: null, items: [TREE[1]!.subItems[0]] }]);
  });
});

describe('/resourcePage', () => {
  it('shows the menu and the first category’s cards; a sub-category shows only its cards', async () => {
    renderPage(fakeApi());
    const menu = await screen.findByTestId('resource-menu');
    expect(within(menu).getByRole('button', { name: /^\s*AI 对话$/ }).getAttribute('aria-current')).toBe('true');
    expect(cardNames()).toEqual(['DeepSeek', 'Kimi', 'Claude']);
    expect(screen.getByRole('heading', { name: '国内大模型' })).toBeTruthy();

    fireEvent.click(within(menu).getByRole('button', { name: '海外大模型' }));
    expect(cardNames()).toEqual(['Claude']);
    expect(screen.queryAllByTestId('letter-icon')).toHaveLength(0);
    expect(document.querySelector('img')!.getAttribute('src')).toBe('/app-api/public/resource-icons/claude-0123456789ab.png');

    // AI 搜索 has no sub-categories: no fold button; its sub-menu of AI 对话 folds.
    fireEvent.click(within(menu).getByRole('button', { name: '收起 AI 对话' }));
    expect(within(menu).queryByRole('button', { name: '海外大模型' })).toBeNull();
    fireEvent.click(within(menu).getByRole('button', { name: /^\s*AI 搜索$/ }));
    expect(cardNames()).toEqual(['秘塔 AI 搜索']);
    expect(screen.getByTestId('letter-icon').textContent).toContain('秘');
  });

  it('opens on the category the address names and collapses the menu', async () => {
    renderPage(fakeApi(), '/resourcePage?c=search');
    await screen.findByTestId('resource-menu');
    expect(cardNames()).toEqual(['秘塔 AI 搜索']);
    fireEvent.click(screen.getByTestId('resource-menu-toggle'));
    expect(screen.queryByTestId('resource-menu')).toBeNull();
    expect(screen.getByTestId('resource-menu-toggle').textContent).toContain('展开分类');
  });

  it('searches every item and opens the detail dialog with the direct link in a new tab', async () => {
    renderPage(fakeApi());
    await screen.findByTestId('resource-menu');
    fireEvent.change(screen.getByPlaceholderText('搜索资源名称、简介或标签'), { target: { value: '中文' } });
    expect(screen.getByText('“中文” 的搜索结果：1 个')).toBeTruthy();
    fireEvent.click(screen.getByTestId('resource-card'));
    const dialog = await screen.findByTestId('resource-detail');
    expect(dialog.textContent).toContain('秘塔 AI 搜索');
    expect(dialog.textContent).toContain('AI 搜索');
    const link = screen.getByTestId('resource-direct-link');
    expect(link.textContent).toContain('直达链接');
    expect(link.getAttribute('href')).toBe('https://metaso.example.com');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');

    fireEvent.change(screen.getByPlaceholderText('搜索资源名称、简介或标签'), { target: { value: '没有这个' } });
    expect(screen.getByText('没有找到相关资源，换个关键词试试')).toBeTruthy();
  });

  it('sends feedback (text required except for a broken link) and shows the server’s refusal', async () => {
    const api = fakeApi({
      feedback: jest
        .fn()
        .mockResolvedValueOnce(undefined)
        .mockRejectedValueOnce(new ApiError(3102, '反馈太频繁了，请一小时后再试')),
    });
    renderPage(api);
    await screen.findByTestId('resource-menu');
    fireEvent.click(screen.getAllByTestId('resource-card')[0]!);
    fireEvent.click(await screen.findByTestId('resource-feedback'));
    // 链接失效 needs no text.
    await act(async () => fireEvent.click(screen.getByTestId('resource-feedback-send')));
    expect(api.feedback).toHaveBeenCalledWith({ itemId: 'deepseek', kind: 'broken', text: '' });
    await waitFor(() => expect(screen.queryByTestId('resource-feedback-form')).toBeNull());

    fireEvent.click(screen.getByTestId('resource-feedback'));
    fireEvent.mouseDown(within(screen.getByTestId('resource-feedback-form')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('信息有误'));
    expect(screen.getByTestId('resource-feedback-send').hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByTestId('resource-feedback-text'), { target: { value: ' 简介过时了 ' } });
    await act(async () => fireEvent.click(screen.getByTestId('resource-feedback-send')));
    expect(api.feedback).toHaveBeenLastCalledWith({ itemId: 'deepseek', kind: 'wrong', text: '简介过时了' });
    expect((await screen.findByTestId('resource-feedback-refusal')).textContent).toContain('反馈太频繁了，请一小时后再试');
  });

  it('says so when the directory cannot be loaded, and retries', async () => {
    const api = fakeApi({ tree: jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce(TREE) });
    renderPage(api);
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('resource-menu')).toBeTruthy();
  });
});
