import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { eventBus, IMAGE_LIMITS, session } from '@qiming/sdk';
import type { ImageTask } from '@qiming/sdk/contracts';
import type { PainterApi } from '../api/painterApi';
import { PainterKeeper, PainterOutlet } from './keepAlive';
import { PainterStoreProvider } from './painterContext';
import type { PainterStore } from './painterStore';
import { fakePainterApi, fakeStore, mjGrid, result, task } from './testing/fakePainterApi';

jest.setTimeout(30000);
// The machine is shared: leave slow renders time rather than fail on a busy moment.
configure({ asyncUtilTimeout: 4000 });

/** Links to move between pages the way the navbar does. */
function Go() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <nav>
      <button onClick={() => navigate('/sharePage')}>to-gallery</button>
      <button onClick={() => navigate('/painter')}>to-painter</button>
      <output data-testid="location">{`${location.pathname}${location.search}`}</output>
    </nav>
  );
}

function renderPainter(store: PainterStore, url = '/painter') {
  return render(
    <PainterStoreProvider value={store}>
      <MemoryRouter initialEntries={[url]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <Go />
        <Routes>
          <Route path="/painter" element={<PainterOutlet entry="painter" />} />
          <Route path="/toolBox/building" element={<PainterOutlet entry="toolbox" />} />
          <Route path="/sharePage" element={<p>gallery page</p>} />
        </Routes>
      </MemoryRouter>
      <PainterKeeper />
    </PainterStoreProvider>,
  );
}

let stores: PainterStore[] = [];
/** The painter at `url`, once its (lazy) code has loaded and the form shows. */
async function setup(history: ImageTask[] = [], url = '/painter') {
  const fake = fakePainterApi(history);
  const store = fakeStore(fake.api);
  stores.push(store);
  const view = renderPainter(store, url);
  await form();
  return { ...fake, store, view };
}

/** By text, not role: role queries over antd trees take seconds in jsdom. */
const button = (text: string, scope: HTMLElement = document.body) => within(scope).getAllByText(text).map((node) => node.closest('button')!).find(Boolean)!;
// The first visit loads the painter's chunk (lazy).
const form = () => screen.findByTestId('painter-form', {}, { timeout: 5000 });
const prompt = () => document.getElementById('painter-prompt') as HTMLTextAreaElement;
const typePrompt = (text: string) => fireEvent.change(prompt(), { target: { value: text } });
const generate = () => fireEvent.click(button('生成'));
const tab = async (label: string) => fireEvent.click(within(await form()).getByText(label));
const png = (name = 'a.png', size = 1000, type = 'image/png') => new File([new Uint8Array(size)], name, { type });
const upload = async (...files: File[]) => {
  const input = screen.getByTestId('reference-input') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files } });
  });
};
const pressed = (text: string) => button(text).getAttribute('aria-pressed');

beforeEach(() => session.setTokens('access', 'refresh'));
afterEach(() => {
  for (const store of stores) store.dispose();
  stores = [];
  session.clear();
});

describe('文生图', () => {
  it('sends the prompt with the chosen style, ratio, count, negative prompt and seed, after showing the cost', async () => {
    const { api } = await setup();
    await form();
    expect(screen.getAllByText('离线演示').length).toBeGreaterThan(0);
    typePrompt('  江南水乡，清晨薄雾  ');
    fireEvent.click(button('动漫'));
    fireEvent.click(button('16:9'));
    fireEvent.click(button('3 张'));
    fireEvent.click(button('高级设置'));
    fireEvent.change(document.getElementById('painter-negative')!, { target: { value: '模糊' } });
    fireEvent.change(document.getElementById('painter-seed')!, { target: { value: '42' } });
    expect(await screen.findByText('本次消耗 60 积分（3 张 × 20）')).toBeTruthy();
    expect(api.quote).toHaveBeenCalledWith('sd-offline');
    generate();
    await waitFor(() =>
      expect(api.txt2img).toHaveBeenCalledWith({ model: 'sd-offline', prompt: '江南水乡，清晨薄雾', aspect: '16:9', style: 'anime', negativePrompt: '模糊', seed: 42, count: 3 }),
    );
    // the new task is on top of the list, queued
    expect(await screen.findByText('排队中')).toBeTruthy();
    expect(api.refreshPoints).toHaveBeenCalled();
  });

  it('a second click on a style chip clears it; 生成 is disabled with the reason for an empty or too long prompt', async () => {
    const { api } = await setup();
    await form();
    fireEvent.click(button('国风'));
    expect(pressed('国风')).toBe('true');
    fireEvent.click(button('国风'));
    expect(pressed('国风')).toBe('false');

    expect(button('生成').disabled).toBe(true);
    expect(screen.getByTestId('painter-problem').textContent).toBe('请输入提示词');
    typePrompt('   ');
    expect(button('生成').disabled).toBe(true);
    typePrompt('猫'.repeat(IMAGE_LIMITS.prompt + 1));
    expect(screen.getByTestId('prompt-counter').textContent).toBe('2001 / 2000');
    expect(screen.getByTestId('painter-problem').textContent).toBe('提示词不能超过 2000 字');
    expect(button('生成').disabled).toBe(true);
    typePrompt('猫'.repeat(IMAGE_LIMITS.prompt));
    expect(button('生成').disabled).toBe(false);
    expect(api.txt2img).not.toHaveBeenCalled();
  });

  it('signed out, 生成 asks the host for its login prompt instead of sending', async () => {
    session.clear();
    const { api } = await setup();
    await form();
    expect(screen.getByText('登录后即可生成图片，并在这里查看你的作品')).toBeTruthy();
    const asked = jest.fn();
    const off = eventBus.on('auth:required', asked);
    typePrompt('一只猫');
    generate();
    off();
    expect(asked).toHaveBeenCalledWith({ returnTo: '/' });
    expect(api.txt2img).not.toHaveBeenCalled();
    expect(api.history).not.toHaveBeenCalled();
  });
});

describe('reference images', () => {
  it('图生图 uploads the picked image and sends its id', async () => {
    const { api } = await setup();
    await tab('图生图');
    expect(screen.getByTestId('painter-problem').textContent).toBe('请输入提示词');
    typePrompt('变成水彩画');
    expect(screen.getByTestId('painter-problem').textContent).toBe('请上传至少 1 张参考图');
    await upload(png('cat.png'));
    expect(api.uploadReference).toHaveBeenCalledTimes(1);
    expect(await screen.findByAltText('cat.png')).toBeTruthy();
    generate();
    await waitFor(() => expect(api.img2img).toHaveBeenCalledWith({ model: 'sd-offline', prompt: '变成水彩画', aspect: '1:1', count: 1, images: ['ref-1'], strength: 0.6 }));
  });

  it('refuses a wrong type, a too large file and too many images with clear messages, uploading nothing', async () => {
    const { api } = await setup();
    await tab('识图');
    await upload(png('anim.gif', 100, 'image/gif'));
    expect(screen.getByRole('alert').textContent).toBe('「anim.gif」格式不支持，请上传 PNG、JPG 或 WebP 图片');
    await upload(png('huge.png', IMAGE_LIMITS.referenceMaxBytes + 1));
    expect(screen.getByRole('alert').textContent).toBe('「huge.png」超过 10 MB，请压缩后再上传');
    await upload(png('a.png'), png('b.png'));
    expect(screen.getByRole('alert').textContent).toBe('最多只能添加 1 张图片');
    expect(api.uploadReference).not.toHaveBeenCalled();
    expect(button('生成').disabled).toBe(true);
  });

  it('takes an image pasted from the clipboard and an image dropped on the zone', async () => {
    const { api } = await setup();
    await tab('混图');
    const paste = new Event('paste', { bubbles: true }) as Event & { clipboardData: unknown };
    paste.clipboardData = { files: [png('pasted.png')] };
    await act(async () => {
      document.dispatchEvent(paste);
    });
    expect(screen.getByTestId('painter-problem').textContent).toBe('混图需要至少 2 张图片');
    await act(async () => {
      fireEvent.drop(screen.getByTestId('reference-drop'), { dataTransfer: { files: [png('dropped.webp', 10, 'image/webp')] } });
    });
    expect(api.uploadReference).toHaveBeenCalledTimes(2);
    await screen.findByAltText('dropped.webp');
    generate();
    // 混图 is a Midjourney-style call: the model switched to one that can blend
    await waitFor(() => expect(api.blend).toHaveBeenCalledWith({ model: 'mj-offline', images: ['ref-1', 'ref-2'], aspect: '1:1' }));
  });

  it('识图 sends the image; its four prompts fill the 文生图 form with 使用此描述', async () => {
    const { api, state } = await setup();
    await tab('识图');
    await upload(png('photo.jpg', 100, 'image/jpeg'));
    await screen.findByAltText('photo.jpg');
    state.polls.set('new-1', [task('new-1', { kind: 'describe', model: 'mj-offline', prompt: '', status: 'succeeded', descriptions: ['一只橘猫趴在窗台', '窗边的猫，午后阳光', '猫，油画风格', '猫，水彩'] })]);
    generate();
    await waitFor(() => expect(api.describe).toHaveBeenCalledWith({ model: 'mj-offline', image: 'ref-1' }));
    fireEvent.click(button('使用此描述', (await screen.findByText(/窗边的猫/)).closest('li')!));
    expect(prompt().value).toBe('窗边的猫，午后阳光');
    expect(api.task).toHaveBeenCalledWith('new-1', true);
  });
});

describe('the task list', () => {
  it('polls a running task every pollMs until it finishes, showing its progress, then stops', async () => {
    const { api, state } = await setup();
    await form();
    state.polls.set('new-1', [task('new-1', { status: 'running', progress: 40 })]);
    typePrompt('一只猫');
    generate();
    expect(await screen.findByText('生成中 40%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    state.polls.set('new-1', [task('new-1', { status: 'succeeded', progress: 100, results: [result('new-1', 1)] })]);
    expect(await screen.findByText('成功')).toBeTruthy();
    expect(screen.getByLabelText('查看第 1 张大图')).toBeTruthy();
    const polls = api.task.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(api.task.mock.calls.length).toBe(polls);
    expect(api.task).toHaveBeenCalledWith('new-1', false);
    expect(api.refreshPoints).toHaveBeenCalledTimes(2); // the hold, then the settlement
  });

  it('stops polling while the browser tab is hidden and resumes when it shows again', async () => {
    const running = task('t1', { status: 'running', progress: 10 });
    const { api, state } = await setup([running]);
    state.polls.set('t1', [running]);
    await waitFor(() => expect(api.task).toHaveBeenCalled());
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const hiddenCalls = api.task.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(api.task.mock.calls.length).toBe(hiddenCalls);
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(api.task.mock.calls.length).toBeGreaterThan(hiddenCalls));
    visibility.mockRestore();
  });

  it('U2, V3 and 🔄 under a Midjourney grid send mjAction with the task and the button', async () => {
    const { api } = await setup([mjGrid('mj-1')]);
    const card = await screen.findByTestId('task-card');
    expect(within(card).getAllByRole('img')).toHaveLength(4);
    fireEvent.click(button('U2', card));
    await waitFor(() => expect(api.action).toHaveBeenCalledWith({ taskId: 'mj-1', action: 'U2' }));
    fireEvent.click(button('V3', card));
    await waitFor(() => expect(api.action).toHaveBeenCalledWith({ taskId: 'mj-1', action: 'V3' }));
    fireEvent.click(button('🔄', card));
    await waitFor(() => expect(api.action).toHaveBeenCalledWith({ taskId: 'mj-1', action: 'reroll' }));
    expect(await screen.findByText('放大第 2 张')).toBeTruthy();
  });

  it('deletes a task only after the confirm', async () => {
    const { api } = await setup([task('t1', { status: 'failed', error: '提示词未通过审核' }), task('t2', { status: 'succeeded', results: [result('t2', 1)] })]);
    expect(await screen.findByText('失败：提示词未通过审核')).toBeTruthy();
    const first = screen.getAllByTestId('task-card')[0]!;
    fireEvent.click(button('删除', first));
    fireEvent.click(button('取消', await screen.findByText('删除这个任务和它的图片吗？已分享到广场的图片也会撤下。').then((node) => node.closest('.ant-popover')! as HTMLElement)));
    expect(api.remove).not.toHaveBeenCalled();
    fireEvent.click(button('删除', first));
    const popover = document.querySelectorAll('.ant-popover:not(.ant-popover-hidden)');
    fireEvent.click(button('删除', popover[popover.length - 1] as HTMLElement));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith('t1'));
    await waitFor(() => expect(screen.getAllByTestId('task-card')).toHaveLength(1));
  });

  it('the viewer walks the pictures, shares one to the gallery, offers the download and 做同款', async () => {
    const grid = { ...mjGrid('mj-1'), prompt: '山间小屋', aspect: '16:9' as const, seed: 9 };
    const { api } = await setup([grid]);
    fireEvent.click(await screen.findByLabelText('查看第 2 张大图'));
    const viewer = await screen.findByTestId('image-viewer');
    expect(within(viewer).getByText('2 / 4')).toBeTruthy();
    fireEvent.click(button('下一张', viewer));
    expect(within(viewer).getByText('3 / 4')).toBeTruthy();
    expect(within(viewer).getByText('下载').getAttribute('download')).toBe('qiming-mj-1-3.png');
    fireEvent.click(within(viewer).getByRole('switch'));
    await waitFor(() => expect(api.share).toHaveBeenCalledWith('mj-1-img3', true));
    fireEvent.click(button('做同款', viewer));
    expect(prompt().value).toBe('山间小屋');
    expect(pressed('16:9')).toBe('true');
  });
});

describe('coming back to the page', () => {
  it('做同款 from the gallery prefills the form from the query', async () => {
    const { api } = await setup([], '/painter?prompt=%E4%B8%80%E5%8F%AA%E7%8C%AB&model=mj-offline&aspect=16%3A9&negativePrompt=%E6%A8%A1%E7%B3%8A&seed=7');
    await form();
    await waitFor(() => expect(prompt().value).toBe('一只猫'));
    expect(pressed('16:9')).toBe('true');
    expect(screen.getByTestId('location').textContent).toBe('/painter'); // the query was a one-time order
    expect(screen.queryByText('3 张')).toBeNull(); // a Midjourney model draws a grid, no count
    fireEvent.click(button('高级设置'));
    expect((document.getElementById('painter-negative') as HTMLTextAreaElement).value).toBe('模糊');
    generate();
    await waitFor(() => expect(api.imagine).toHaveBeenCalledWith({ model: 'mj-offline', prompt: '一只猫', aspect: '16:9', negativePrompt: '模糊', seed: 7 }));
  });

  it('keeps the form and the tasks across an unmount and remount of the page, and polling resumes', async () => {
    const { api, state, store, view } = await setup();
    await form();
    state.polls.set('new-1', [task('new-1', { status: 'running', progress: 30 })]);
    typePrompt('一只猫');
    generate();
    expect(await screen.findByText('生成中 30%')).toBeTruthy();
    view.unmount();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const callsWhileAway = api.task.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(api.task.mock.calls.length).toBe(callsWhileAway); // nothing polls while the page is gone

    state.history = [task('new-1', { status: 'running', progress: 60 })];
    state.polls.set('new-1', [task('new-1', { status: 'running', progress: 80 })]);
    renderPainter(store);
    await form();
    expect(prompt().value).toBe('一只猫');
    expect(await screen.findByText('生成中 80%')).toBeTruthy();
    expect(api.task.mock.calls.length).toBeGreaterThan(callsWhileAway);
  });

  it('keeps the painter’s DOM alive while another page shows (keep-alive) and pauses its polling', async () => {
    const running = task('t1', { status: 'running', progress: 10 });
    const { api, state } = await setup([running]);
    state.polls.set('t1', [running]);
    await form();
    const textarea = prompt();
    fireEvent.click(button('高级设置'));
    fireEvent.click(screen.getByText('to-gallery'));
    expect(screen.getByText('gallery page')).toBeTruthy();
    expect(screen.queryByTestId('painter')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const callsWhileAway = api.task.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(api.task.mock.calls.length).toBe(callsWhileAway);

    fireEvent.click(screen.getByText('to-painter'));
    expect(prompt()).toBe(textarea); // the same element, not a new one
    expect(document.getElementById('painter-negative')).toBeTruthy(); // 高级设置 still open
    await waitFor(() => expect(api.task.mock.calls.length).toBeGreaterThan(callsWhileAway));
  });

  it('/toolBox/building shows the same painter under the toolbox’s note', async () => {
    await setup([], '/toolBox/building');
    await form();
    expect(screen.getByText('工具箱入口：这里就是「AI绘画」的画板，作品和进行中的任务与 AI绘画 页面相同。')).toBeTruthy();
    expect(screen.getByTestId('painter-slot').contains(await form())).toBe(true);
  });
});

// Keep the api type honest: the fake implements every call the page makes.
export type CheckFake = ReturnType<typeof fakePainterApi>['api'] extends PainterApi ? true : never;
