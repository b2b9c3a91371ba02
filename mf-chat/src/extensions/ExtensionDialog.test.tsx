import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { EXTENSION_LIMITS, type McpInfo } from '@qiming/sdk/contracts';
import ExtensionDialog from './ExtensionDialog';
import { OfferedExtensions } from './OfferedExtensions';
import { testExtension } from './testExtensions';

// The dialog's scroll lock measures a ::-webkit-scrollbar pseudo element, which jsdom does not implement.
const getComputedStyle = window.getComputedStyle;
beforeAll(() => {
  window.getComputedStyle = (element: Element) => getComputedStyle.call(window, element);
});
afterAll(() => {
  window.getComputedStyle = getComputedStyle;
});

const calc = testExtension('calc', { showName: '计算器', showDesc: '四则运算与单位换算', kind: '工具' });
const weather = testExtension('weather', { showName: '天气', showDesc: '查询城市天气', kind: '生活' });
const maps = testExtension('maps', { showName: '地图', showDesc: '路线规划 Route', kind: '生活' });
const search = testExtension('web-search', { showName: '网页搜索', showDesc: '搜索互联网', kind: '工具' });

function open({ list = [calc, weather, maps, search] as McpInfo[] | Promise<McpInfo[]>, selected = [] as string[], fixed = [] as string[] } = {}) {
  const fetchList = jest.fn(() => (list instanceof Promise ? list : Promise.resolve(list)));
  const offered = new OfferedExtensions(fetchList);
  const onConfirm = jest.fn();
  const onClose = jest.fn();
  render(<ExtensionDialog offered={offered} selected={selected} fixed={fixed} onConfirm={onConfirm} onClose={onClose} />);
  const names = () => screen.queryAllByTestId('extension-item').map((item) => item.querySelector('strong')!.textContent);
  const toggle = (name: string) => fireEvent.click(within(screen.getAllByTestId('extension-item').find((item) => item.querySelector('strong')!.textContent === name)!).getByRole('button'));
  const count = () => screen.getByTestId('extension-count').textContent;
  return { offered, fetchList, onConfirm, onClose, names, toggle, count };
}

describe('the extension dialog', () => {
  it('lists the offered extensions with icon, name and description; the search box filters by name or description', async () => {
    const { names } = open();
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(await screen.findByText('四则运算与单位换算')).toBeTruthy();
    expect(names()).toEqual(['计算器', '天气', '地图', '网页搜索']);
    expect(screen.getAllByTestId('extension-item')[0]!.querySelector('img')!.getAttribute('src')).toBe('/icons/calc.svg');
    const box = screen.getByPlaceholderText('搜索扩展');
    fireEvent.change(box, { target: { value: 'route' } });
    expect(names()).toEqual(['地图']);
    fireEvent.change(box, { target: { value: '搜索' } });
    expect(names()).toEqual(['网页搜索']);
    fireEvent.change(box, { target: { value: '股票' } });
    expect(names()).toEqual([]);
    expect(screen.getByText('没有找到匹配的扩展')).toBeTruthy();
  });

  it('the category chips are 全部 and each kind present; a chip filters, together with the search', async () => {
    const { names } = open();
    await screen.findByText('计算器');
    const chips = within(screen.getByRole('group', { name: '扩展分类' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['全部', '工具', '生活']);
    expect(chips[0]!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(chips[2]!);
    expect(names()).toEqual(['天气', '地图']);
    fireEvent.change(screen.getByPlaceholderText('搜索扩展'), { target: { value: '天气' } });
    expect(names()).toEqual(['天气']);
    fireEvent.click(chips[0]!);
    fireEvent.change(screen.getByPlaceholderText('搜索扩展'), { target: { value: '' } });
    expect(names()).toHaveLength(4);
  });

  it('添加 and 移除 toggle an item and the count; 清空 empties; 确定 applies the selection and closes', async () => {
    const { toggle, count, onConfirm, onClose } = open({ selected: ['weather'] });
    await screen.findByText('计算器');
    expect(count()).toBe('已选择 1 个');
    expect(screen.getByRole('button', { name: '移除天气' }).getAttribute('aria-pressed')).toBe('true');
    toggle('计算器');
    expect(screen.getByRole('button', { name: '移除计算器' }).textContent).toBe('移除');
    expect(count()).toBe('已选择 2 个');
    toggle('天气');
    expect(screen.getByRole('button', { name: '添加天气' }).textContent).toBe('添加');
    expect(count()).toBe('已选择 1 个');
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    expect(count()).toBe('已选择 0 个');
    toggle('地图');
    toggle('网页搜索');
    fireEvent.click(screen.getByTestId('extension-confirm'));
    expect(onConfirm).toHaveBeenCalledWith(['maps', 'web-search']);
    expect(onClose).toHaveBeenCalled();
  });

  it('closing without 确定 (the ×, or Escape) discards the changes', async () => {
    const { toggle, onConfirm, onClose } = open({ selected: ['weather'] });
    await screen.findByText('计算器');
    toggle('计算器');
    fireEvent.click(screen.getByRole('button', { name: /close|关闭/i }));
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(screen.getByPlaceholderText('搜索扩展'), { key: 'Escape' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it(`refuses more than ${EXTENSION_LIMITS.selectedMax} with a message; an agent's own count and are not choosable`, async () => {
    const many = Array.from({ length: 12 }, (_, i) => testExtension(`m${i}`, { showName: `扩展${i}` }));
    const { toggle, count, onConfirm } = open({ list: many, fixed: ['m0', 'm1'] });
    await screen.findByText('扩展11');
    expect(within(screen.getAllByTestId('extension-item')[0]!).queryByRole('button')).toBeNull();
    expect(within(screen.getAllByTestId('extension-item')[0]!).getByText('智能体自带')).toBeTruthy();
    for (let i = 2; i < 10; i++) toggle(`扩展${i}`);
    expect(count()).toBe('已选择 8 个');
    expect(screen.queryByTestId('extension-limit')).toBeNull();
    toggle('扩展10');
    expect(count()).toBe('已选择 8 个');
    expect(screen.getByRole('alert').textContent).toBe('最多可同时使用 10 个扩展（当前智能体已自带 2 个）');
    toggle('扩展2');
    expect(screen.queryByTestId('extension-limit')).toBeNull();
    toggle('扩展10');
    fireEvent.click(screen.getByTestId('extension-confirm'));
    expect(onConfirm.mock.calls[0]![0]).toHaveLength(8);
    expect(onConfirm.mock.calls[0]![0]).toContain('m10');
  });

  it('says so while loading and when loading failed (重试 asks again)', async () => {
    let fail!: (error: Error) => void;
    const { fetchList, names } = open({ list: new Promise((_, reject) => (fail = reject)) });
    expect(screen.getByRole('status').textContent).toBe('加载中…');
    fail(new Error('500'));
    expect((await screen.findByRole('alert')).textContent).toContain('扩展加载失败');
    fetchList.mockResolvedValueOnce([calc]);
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('计算器')).toBeTruthy();
    expect(names()).toEqual(['计算器']);
    expect(fetchList).toHaveBeenCalledTimes(2);
  });

  it('暂无可用扩展 when the server offers none', async () => {
    open({ list: [] });
    expect(await screen.findByText('暂无可用扩展')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '扩展分类' })).toBeNull();
  });
});

describe('the offered list', () => {
  it('is read once; a failure is read again on the next load', async () => {
    const fetchList = jest.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue([calc]);
    const offered = new OfferedExtensions(fetchList);
    await Promise.all([offered.load(), offered.load()]);
    expect([fetchList.mock.calls.length, offered.failed]).toEqual([1, true]);
    await offered.load();
    await offered.load();
    expect([fetchList.mock.calls.length, offered.failed, offered.list]).toEqual([2, false, [calc]]);
  });
});

describe('the extension dialog opened before the list arrives', () => {
  it('shows the chosen ones once it does, and keeps them on 确定', async () => {
    let arrive!: (list: McpInfo[]) => void;
    const offered = new OfferedExtensions(() => new Promise((resolve) => (arrive = resolve)));
    const onConfirm = jest.fn();
    // What the chat page passes: the chosen names the offered list confirms (none until it arrives).
    const Page = observer(() => <ExtensionDialog offered={offered} selected={offered.list ? ['weather'] : []} fixed={[]} onConfirm={onConfirm} onClose={jest.fn()} />);
    render(<Page />);
    act(() => arrive([calc, weather]));
    expect(await screen.findByTestId('extension-count')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('extension-count').textContent).toBe('已选择 1 个'));
    fireEvent.click(screen.getByTestId('extension-confirm'));
    expect(onConfirm).toHaveBeenCalledWith(['weather']);
  });
});
