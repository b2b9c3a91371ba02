import { lazy } from 'react';
import { render, screen } from '@testing-library/react';
import { AreaRouter } from './AreaRouter';

describe('AreaRouter', () => {
  beforeAll(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

  it('shows a lazy page once its chunk has loaded', async () => {
    window.history.replaceState(null, '', '/lazy');
    const Page = lazy(async () => ({ default: () => <p>懒加载的页面</p> }));
    render(<AreaRouter area="pay" version="1.0.0" pages={[{ path: '/lazy', title: '页面', element: <Page /> }]} />);
    expect(await screen.findByText('懒加载的页面')).toBeTruthy();
  });

  it('while a lazy page loads, shows a skeleton centred in the page frame (no spinner at the edge)', async () => {
    window.history.replaceState(null, '', '/slow');
    const Slow = lazy(() => new Promise<{ default: () => null }>(() => undefined));
    render(<AreaRouter area="pay" version="1.0.0" pages={[{ path: '/slow', title: '页面', element: <Slow /> }]} />);
    const skeleton = await screen.findByTestId('page-skeleton');
    expect(skeleton.style.maxWidth).toBe('1200px');
    expect(skeleton.style.margin).toBe('0px auto');
    expect(document.querySelector('.ant-spin')).toBeNull();
  });

  it('shows 页面加载失败 with a reload button when a page chunk cannot be loaded', async () => {
    window.history.replaceState(null, '', '/broken');
    const Broken = lazy(async () => {
      throw new Error('ChunkLoadError: Loading chunk 42 failed');
    });
    render(<AreaRouter area="pay" version="1.0.0" pages={[{ path: '/broken', title: '页面', element: <Broken /> }]} />);
    expect(await screen.findByText('页面加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });
});
