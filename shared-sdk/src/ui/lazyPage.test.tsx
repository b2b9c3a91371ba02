import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { lazyPage, preloadRoutePage } from './lazyPage';

const Gate = ({ children }: { children: ReactNode }) => <div data-testid="gate">{children}</div>;

describe('lazyPage', () => {
  it('once preloaded renders at once, never through its Suspense fallback', async () => {
    const load = jest.fn(async () => ({ title }: { title: string }) => <h1>{title}</h1>);
    const Page = lazyPage(load);
    await Page.preload();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page title="对话" />
      </Suspense>,
    );
    expect(screen.getByRole('heading').textContent).toBe('对话');
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('not preloaded, suspends like React.lazy and shows when its code is in', async () => {
    const Page = lazyPage(async () => () => <h1>充值</h1>);
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    expect((await screen.findByRole('heading', {}, { timeout: 2000 })).textContent).toBe('充值');
  });

  it('a failed load can be tried again', async () => {
    let fail = true;
    const Page = lazyPage(async () => {
      if (fail) throw new Error('chunk failed');
      return () => <h1>页面</h1>;
    });
    await expect(Page.preload()).rejects.toThrow('chunk failed');
    fail = false;
    await expect(Page.preload()).resolves.toBeUndefined();
  });
});

describe('preloadRoutePage', () => {
  it('loads the lazy pages inside the element of the page matching the path, and only those', async () => {
    const chat = jest.fn(async () => () => <p>chat</p>);
    const trace = jest.fn(async () => () => <p>trace</p>);
    const ChatPage = lazyPage(chat);
    const TracePage = lazyPage(trace);
    const pages = [
      { path: '/chatPage/:param', title: '对话', element: <Gate><ChatPage /></Gate> },
      { path: '/trace', title: '使用记录', element: <TracePage /> },
      { path: '/voice', title: '语音对话', element: <p>语音</p> },
    ];
    await act(() => preloadRoutePage(pages, '/chatPage/g-abc'));
    expect(chat).toHaveBeenCalledTimes(1);
    expect(trace).not.toHaveBeenCalled();
    await preloadRoutePage(pages, '/voice');
    await preloadRoutePage(pages, '/nowhere');
    expect(trace).not.toHaveBeenCalled();
  });
});
