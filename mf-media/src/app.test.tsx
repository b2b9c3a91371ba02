import { act, screen, waitFor } from '@testing-library/react';

(globalThis as { __AREA_VERSION__?: string }).__AREA_VERSION__ = '9.9.9';
jest.setTimeout(30000);

/** What the host calls (host-shell/src/areas/resilientArea.tsx). */
interface KeepAliveLifecycles {
  bootstrap(): Promise<void>;
  mount(props: { domElement: HTMLElement }): Promise<void>;
  unmount(): Promise<void>;
  keepsAlive(): boolean;
  hide(): Promise<void>;
  show(): Promise<void>;
}

describe('the area’s keep-alive lifecycles', () => {
  it('keep nothing alive until the painter opens; hidden, no page of the area renders, and the painter comes back as it was', async () => {
    const area = (await import('./app')).default as unknown as KeepAliveLifecycles;
    const domElement = document.createElement('div');
    document.body.append(domElement);

    window.history.pushState({}, '', '/videoPage');
    await area.bootstrap();
    // Not in act(): the lifecycles wait for the first commit, which act() would hold back.
    await area.mount({ domElement });
    expect(area.keepsAlive()).toBe(false);

    act(() => window.history.pushState({}, '', '/painter'));
    act(() => window.dispatchEvent(new PopStateEvent('popstate')));
    const painter = await screen.findByTestId('painter', {}, { timeout: 10000 });
    expect(area.keepsAlive()).toBe(true);

    // The host leaves for another area's page: the router goes, the painter lives on out of the page.
    act(() => window.history.pushState({}, '', '/chatPage'));
    await act(() => area.hide());
    expect(domElement.querySelector('[data-testid="area-page"]')).toBeNull();
    expect(screen.queryByTestId('painter')).toBeNull();
    expect(painter.isConnected).toBe(false);

    act(() => window.history.pushState({}, '', '/painter'));
    await act(() => area.show());
    await waitFor(() => expect(screen.getByTestId('painter')).toBe(painter));
    expect(domElement.querySelector('[data-testid="area-page"]')).not.toBeNull();

    await area.unmount();
    domElement.remove();
  });
});
