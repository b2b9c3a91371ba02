import { act, fireEvent, render as renderBare, screen, waitFor, within } from '@testing-library/react';
import { eventBus, session, type AppEvents, type LikeState } from '@qiming/sdk';
import { UiProvider } from '@qiming/sdk/ui';
import { GalleryApiProvider, type GalleryApi } from '../api/galleryApi';
import { GalleryPage } from './GalleryPage';
import { fakeGalleryApi, sharedImage } from './testing/fakeGalleryApi';

const render = (api: GalleryApi) =>
  renderBare(
    <UiProvider>
      <GalleryApiProvider value={api}>
        <GalleryPage />
      </GalleryApiProvider>
    </UiProvider>,
  );

// jsdom lays nothing out: every element is given a 1000 px wide box whose top is `gridTop`, so the
// grid has 4 columns and "scrolling" is moving that top up and firing a scroll event.
let gridTop = 0;
const realRect = HTMLElement.prototype.getBoundingClientRect;
beforeAll(() => {
  HTMLElement.prototype.getBoundingClientRect = () => ({ x: 0, y: gridTop, width: 1000, height: 0, top: gridTop, left: 0, right: 1000, bottom: gridTop, toJSON: () => ({}) });
});
afterAll(() => {
  HTMLElement.prototype.getBoundingClientRect = realRect;
});
beforeEach(() => {
  gridTop = 0;
  window.history.replaceState(null, '', '/sharePage');
});
afterEach(() => session.clear());

const signIn = () => session.setTokens('access', 'refresh');
const grid = () => screen.getByTestId('gallery-grid');
const tile = (imageId: string) => grid().querySelector<HTMLElement>(`[data-image-id="${imageId}"]`);
const scrollTo = (top: number) => {
  gridTop = -top;
  // A scrolling page fires `scroll` at the document.
  fireEvent.scroll(document);
};
const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('the gallery grid', () => {
  it('shows page 1 signed out, renders only the tiles near the viewport, in 4 columns at 1000 px', async () => {
    const api = fakeGalleryApi();
    render(api);
    await waitFor(() => expect(grid().dataset.count).toBe('40'));
    expect(api.list).toHaveBeenCalledTimes(1);
    expect(api.list).toHaveBeenCalledWith({ pageNo: 1, pageSize: 40, sort: 'newest' });
    expect(grid().dataset.columns).toBe('4');
    const rendered = screen.getAllByTestId('gallery-tile');
    expect(rendered.length).toBeGreaterThan(8);
    expect(rendered.length).toBeLessThan(40);
    const img = within(rendered[0]!).getByRole('img');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('src')).toBe('/app-api/public/images/img-1.webp');
  });

  it('loads page 2 near the end and drops images it already shows', async () => {
    const api = fakeGalleryApi();
    // Five new shares arrived meanwhile: page 2 of "newest" now starts with the last five of page 1.
    api.list.mockImplementationOnce(async () => ({ list: Array.from({ length: 40 }, (_, i) => sharedImage(i + 1)), total: 105 }));
    api.list.mockImplementationOnce(async () => ({ list: Array.from({ length: 40 }, (_, i) => sharedImage(i + 36)), total: 105 }));
    render(api);
    await waitFor(() => expect(grid().dataset.count).toBe('40'));
    const height = parseFloat(grid().style.height);
    scrollTo(height - 900);
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ pageNo: 2, pageSize: 40, sort: 'newest' }));
    await waitFor(() => expect(grid().dataset.count).toBe('75'));
    expect(api.list.mock.calls.filter(([query]) => query.pageNo === 2)).toHaveLength(1);
    const ids = screen.getAllByTestId('gallery-tile').map((el) => el.dataset.imageId);
    expect(new Set(ids).size).toBe(ids.length);
    scrollTo(parseFloat(grid().style.height) - 900);
    await waitFor(() => expect(tile('img-75')).not.toBeNull());
    // Back at the top, the first tiles are there again and the last are gone from the DOM.
    scrollTo(0);
    await waitFor(() => expect(tile('img-1')).not.toBeNull());
    expect(tile('img-75')).toBeNull();
  });

  it('shows placeholders while flicking past, and the thumbnails once the page slows down', async () => {
    render(fakeGalleryApi());
    await waitFor(() => expect(grid().dataset.count).toBe('40'));
    const withoutImage = () => screen.getAllByTestId('gallery-tile').filter((el) => !el.querySelector('img')).length;
    expect(withoutImage()).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // 1,500 px in a frame or so: far faster than 4 screens a second.
    scrollTo(1500);
    await waitFor(() => expect(withoutImage()).toBeGreaterThan(0));
    await waitFor(() => expect(withoutImage()).toBe(0));
  });

  it('shows a retry when the first page fails, and an empty state', async () => {
    const api = fakeGalleryApi();
    api.list.mockRejectedValueOnce(new Error('down'));
    const { unmount } = render(api);
    fireEvent.click(await screen.findByRole('button', { name: '重试' }));
    await waitFor(() => expect(grid().dataset.count).toBe('40'));
    unmount();
    render(fakeGalleryApi([]));
    expect(await screen.findByText('还没有人分享作品，去 AI绘画 创作并分享第一张吧')).toBeTruthy();
  });

  it('switching to 最热 starts again from page 1 of that order', async () => {
    const api = fakeGalleryApi([sharedImage(1, { likes: 1 }), sharedImage(2, { likes: 9 }), sharedImage(3, { likes: 4 })]);
    render(api);
    await waitFor(() => expect(grid().dataset.count).toBe('3'));
    fireEvent.click(screen.getByRole('tab', { name: '最热' }));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ pageNo: 1, pageSize: 40, sort: 'likes' }));
    await waitFor(() => expect(screen.getAllByTestId('gallery-tile').map((el) => el.dataset.imageId)).toEqual(['img-2', 'img-3', 'img-1']));
    expect(api.list).toHaveBeenCalledTimes(2);
  });

  it('tags the offline painter’s pictures 离线演示', async () => {
    render(fakeGalleryApi([sharedImage(1, { offlineDemo: true }), sharedImage(2)]));
    await waitFor(() => expect(tile('img-2')).not.toBeNull());
    expect(within(tile('img-1')!).getByText('离线演示')).toBeTruthy();
    expect(within(tile('img-2')!).queryByText('离线演示')).toBeNull();
  });
});

describe('likes', () => {
  it('counts at once, then takes the server’s exact count; unlikes the same way', async () => {
    signIn();
    const api = fakeGalleryApi([sharedImage(1, { likes: 3 })]);
    const answer = deferred<LikeState>();
    api.like.mockReturnValueOnce(answer.promise);
    render(api);
    await waitFor(() => expect(tile('img-1')).not.toBeNull());
    fireEvent.click(within(tile('img-1')!).getByRole('button', { name: '点赞（3）' }));
    const pressed = within(tile('img-1')!).getByRole('button', { name: '取消点赞（4）' });
    expect(pressed.getAttribute('aria-pressed')).toBe('true');
    // A second tap while the first is on its way sends nothing.
    fireEvent.click(pressed);
    expect(api.unlike).not.toHaveBeenCalled();
    // Someone else liked it meanwhile: the server's count wins.
    await act(async () => answer.resolve({ imageId: 'img-1', liked: true, likes: 5 }));
    expect(within(tile('img-1')!).getByRole('button', { name: '取消点赞（5）' })).toBeTruthy();
    fireEvent.click(within(tile('img-1')!).getByRole('button', { name: '取消点赞（5）' }));
    await waitFor(() => expect(api.unlike).toHaveBeenCalledWith('img-1'));
    expect(api.like).toHaveBeenCalledTimes(1);
  });

  it('rolls back when the call fails', async () => {
    signIn();
    const api = fakeGalleryApi([sharedImage(1, { likes: 3, liked: true })]);
    const answer = deferred<LikeState>();
    api.unlike.mockReturnValueOnce(answer.promise);
    render(api);
    await waitFor(() => expect(tile('img-1')).not.toBeNull());
    fireEvent.click(within(tile('img-1')!).getByRole('button', { name: '取消点赞（3）' }));
    expect(within(tile('img-1')!).getByRole('button', { name: '点赞（2）' })).toBeTruthy();
    await act(async () => answer.reject(new Error('图片不存在或已删除')));
    const button = within(tile('img-1')!).getByRole('button', { name: '取消点赞（3）' });
    expect(button.getAttribute('aria-pressed')).toBe('true');
  });

  it('asks a visitor to log in, coming back to the gallery, and sends nothing', async () => {
    const api = fakeGalleryApi([sharedImage(1, { likes: 3 })]);
    const asked: AppEvents['auth:required'][] = [];
    const off = eventBus.on('auth:required', (payload) => asked.push(payload));
    try {
      render(api);
      await waitFor(() => expect(tile('img-1')).not.toBeNull());
      fireEvent.click(within(tile('img-1')!).getByRole('button', { name: '点赞（3）' }));
      expect(asked).toEqual([{ returnTo: '/sharePage' }]);
      expect(window.localStorage.getItem('beforeUrl')).toBe('/sharePage');
      expect(api.like).not.toHaveBeenCalled();
      expect(within(tile('img-1')!).getByRole('button', { name: '点赞（3）' })).toBeTruthy();
    } finally {
      off();
    }
  });
});

describe('detail view', () => {
  const open = async (imageId: string) => {
    fireEvent.click(within(tile(imageId)!).getByRole('button', { name: /查看/ }));
    return screen.findByTestId('gallery-detail');
  };

  it('shows how it was made, likes in step with the tile, and 做同款 opens the painter filled in', async () => {
    signIn();
    const api = fakeGalleryApi([sharedImage(1, { prompt: '雪山下的小木屋', negativePrompt: '模糊', aspect: '3:4', seed: 42, likes: 2 })]);
    render(api);
    await waitFor(() => expect(tile('img-1')).not.toBeNull());
    const dialog = await open('img-1');
    expect(within(dialog).getAllByText('雪山下的小木屋').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('模糊')).toBeTruthy();
    expect(within(dialog).getByText('Stable Diffusion XL')).toBeTruthy();
    expect(within(dialog).getByText('42')).toBeTruthy();
    expect(within(dialog).getByText('作者1')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: '取消分享' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '点赞（2）' }));
    await waitFor(() => expect(api.like).toHaveBeenCalledWith('img-1'));
    expect(within(tile('img-1')!).getByRole('button', { name: '取消点赞（3）' })).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: '做同款' }));
    expect(window.location.pathname).toBe('/painter');
    const query = new URLSearchParams(window.location.search);
    expect(Object.fromEntries(query)).toEqual({ prompt: '雪山下的小木屋', model: 'sd-xl', aspect: '3:4', negativePrompt: '模糊', seed: '42' });
  });

  it('lets the owner unshare after confirming; the tile goes', async () => {
    signIn();
    const api = fakeGalleryApi([sharedImage(1, { mine: true }), sharedImage(2)]);
    render(api);
    await waitFor(() => expect(tile('img-2')).not.toBeNull());
    const dialog = await open('img-1');
    fireEvent.click(within(dialog).getByRole('button', { name: '取消分享' }));
    expect(api.unshare).not.toHaveBeenCalled();
    const confirm = await screen.findByText('取消分享这张作品？');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(popover).getByRole('button', { name: '取消分享' }));
    await waitFor(() => expect(api.unshare).toHaveBeenCalledWith('img-1'));
    await waitFor(() => expect(tile('img-1')).toBeNull());
    expect(tile('img-2')).not.toBeNull();
    expect(grid().dataset.count).toBe('1');
    await waitFor(() => expect(screen.queryByTestId('gallery-detail')).toBeNull());
  });
});
