import { TextDecoder, TextEncoder } from 'node:util';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { UiProvider } from '@qiming/sdk/ui';
import { zhCN } from '../i18n/zh-CN';
import enUS from '../i18n/en-US';
import { itZhCN } from './i18n/zh-CN';
import itEnUS from './i18n/en-US';
import { TOOLS } from './catalogue';
import { ItToolsPage } from './ItToolsPage';
import { readFavourites, toggleFavourite } from './favourites';
import { searchTools, type ToolEntry } from './search';
import { ToolView } from './ToolView';

// Some tools' libraries use TextEncoder at load time; jsdom has none.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const entry = (id: string, name: string, description: string, categories: ToolEntry['tool']['categories'], keywords = ''): ToolEntry => ({
  tool: { id, categories, keywords, load: () => Promise.reject(new Error('not loaded in this test')) },
  name,
  description,
  categoryNames: categories.map((c) => itZhCN[`it.category.${c}`]),
});

const ENTRIES = [
  entry('base64', 'Base64 编解码', '文本与 Base64 互转', ['encoding'], 'base64 rfc4648'),
  entry('hash', '哈希计算', 'MD5、SHA-256', ['crypto'], 'md5 sha256 digest'),
  entry('json', 'JSON 格式化', '格式化和校验 JSON', ['format', 'dev'], 'json lint'),
  entry('cron', 'Cron 表达式', '解释 Cron', ['time', 'dev'], 'crontab'),
];
const ids = (list: ToolEntry[]) => list.map((e) => e.tool.id);

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function renderAt(path: string) {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Routes>
          <Route path="/itTools" element={<ItToolsPage />} />
          {TOOLS.map((tool) => (
            <Route key={tool.id} path={`/itTools/${tool.id}`} element={<ToolView id={tool.id} />} />
          ))}
        </Routes>
        <Where />
      </MemoryRouter>
    </UiProvider>,
  );
}

beforeEach(() => localStorage.clear());

describe('the catalogue', () => {
  it('has at least 22 tools, unique URL-safe ids, a name and description in both languages, and a component behind each loader', async () => {
    expect(TOOLS.length).toBeGreaterThanOrEqual(22);
    expect(new Set(TOOLS.map((t) => t.id)).size).toBe(TOOLS.length);
    for (const tool of TOOLS) {
      expect(tool.id).toMatch(/^[a-z0-9-]+$/);
      // Names in the area's text (page titles), descriptions in the IT tools' own.
      for (const table of [zhCN, enUS] as Record<string, string>[]) expect(table[`it.tool.${tool.id}.name`]).toBeTruthy();
      for (const table of [itZhCN, itEnUS] as Record<string, string>[]) expect(table[`it.tool.${tool.id}.description`]).toBeTruthy();
      expect(typeof (await tool.load()).default).toBe('function');
    }
  });
});

describe('search', () => {
  it('matches every word in name, description, category name, id or keywords', () => {
    expect(ids(searchTools(ENTRIES, 'sha256', null, []))).toEqual(['hash']);
    expect(ids(searchTools(ENTRIES, '格式化', null, []))).toEqual(['json']);
    expect(ids(searchTools(ENTRIES, '开发', null, []))).toEqual(['json', 'cron']);
    expect(ids(searchTools(ENTRIES, 'JSON 校验', null, []))).toEqual(['json']);
    expect(ids(searchTools(ENTRIES, 'json cron', null, []))).toEqual([]);
    expect(ids(searchTools(ENTRIES, 'Base 64', null, []))).toEqual(['base64']);
  });

  it('filters by the category chip and puts favourites first', () => {
    expect(ids(searchTools(ENTRIES, '', 'dev', []))).toEqual(['json', 'cron']);
    expect(ids(searchTools(ENTRIES, '', null, ['cron', 'hash']))).toEqual(['hash', 'cron', 'base64', 'json']);
    expect(ids(searchTools(ENTRIES, '', 'dev', ['cron']))).toEqual(['cron', 'json']);
  });
});

describe('favourites', () => {
  it('are kept in localStorage and a broken value reads as none', () => {
    expect(readFavourites()).toEqual([]);
    toggleFavourite('json');
    toggleFavourite('hash');
    expect(JSON.parse(localStorage.getItem('itTools.favourites')!)).toEqual(['json', 'hash']);
    toggleFavourite('json');
    expect(readFavourites()).toEqual(['hash']);
    localStorage.setItem('itTools.favourites', '{oops');
    expect(readFavourites()).toEqual([]);
    localStorage.setItem('itTools.favourites', '["a", 3, null]');
    expect(readFavourites()).toEqual(['a']);
  });
});

describe('/itTools', () => {
  it('shows every tool, searches, filters by category and stars a favourite to the front', () => {
    renderAt('/itTools');
    expect(screen.getAllByTestId('it-tool-card')).toHaveLength(TOOLS.length);

    fireEvent.change(screen.getByLabelText('搜索工具名称、用途或英文名'), { target: { value: 'sha256' } });
    expect(screen.getAllByTestId('it-tool-card').map((c) => c.dataset.tool)).toEqual(['hash', 'hmac']);
    fireEvent.change(screen.getByLabelText('搜索工具名称、用途或英文名'), { target: { value: '没有这个工具' } });
    expect(screen.getByText('没有找到相关工具，换个关键词试试')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索工具名称、用途或英文名'), { target: { value: '' } });

    fireEvent.click(screen.getByRole('checkbox', { name: '时间' }));
    expect(screen.getAllByTestId('it-tool-card').map((c) => c.dataset.tool)).toEqual(['timestamp', 'cron']);
    fireEvent.click(screen.getByRole('checkbox', { name: '全部' }));

    const cron = screen.getAllByTestId('it-tool-card').find((c) => c.dataset.tool === 'cron')!;
    fireEvent.click(within(cron).getByRole('button', { name: '收藏 Cron 表达式' }));
    expect(screen.getAllByTestId('it-tool-card')[0]!.dataset.tool).toBe('cron');
    expect(within(screen.getAllByTestId('it-tool-card')[0]!).getByRole('button', { name: '取消收藏 Cron 表达式' }).getAttribute('aria-pressed')).toBe('true');
    expect(readFavourites()).toEqual(['cron']);
    // The star did not open the tool.
    expect(screen.getByTestId('where').textContent).toBe('/itTools');
  });

  it('opens a tool at its own URL, loads it, and goes back to the grid', async () => {
    renderAt('/itTools');
    const base64 = screen.getAllByTestId('it-tool-card').find((c) => c.dataset.tool === 'base64')!;
    fireEvent.click(within(base64).getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('/itTools/base64');
    const input = await screen.findByTestId('base64-input');
    fireEvent.change(input, { target: { value: '启明' } });
    expect((screen.getByTestId('base64-output') as HTMLTextAreaElement).value).toBe('5ZCv5piO');
    fireEvent.click(screen.getByRole('link', { name: '← 全部工具' }));
    expect(screen.getByTestId('where').textContent).toBe('/itTools');
  });

  it('shows a tool opened directly (deep link) with its Chinese error for bad input', async () => {
    renderAt('/itTools/json');
    fireEvent.change(await screen.findByTestId('json-input'), { target: { value: '{"a": 1,}' } });
    expect(screen.getByTestId('tool-error').textContent).toBe('第 1 行第 9 列：这里应该是用双引号括起来的键名（末尾不能有多余的逗号）');
    fireEvent.change(screen.getByTestId('json-input'), { target: { value: '{"a": 1}' } });
    expect(screen.queryByTestId('tool-error')).toBeNull();
    expect((screen.getByTestId('json-output') as HTMLTextAreaElement).value).toBe('{\n  "a": 1\n}');
  });
});
