import { act, renderHook } from '@testing-library/react';
import { useMediaQuery } from './useMediaQuery';

describe('useMediaQuery', () => {
  it('follows the query as it starts and stops matching', () => {
    let matches = true;
    const listeners = new Set<() => void>();
    const matchMedia = jest.fn(() => ({
      get matches() {
        return matches;
      },
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }));
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    const { result, unmount } = renderHook(() => useMediaQuery('(max-width: 560px)'));
    expect(result.current).toBe(true);
    matches = false;
    act(() => listeners.forEach((listener) => listener()));
    expect(result.current).toBe(false);
    unmount();
    expect(listeners.size).toBe(0);
  });
});
