import { act, renderHook, waitFor } from '@testing-library/react';
import { useLoad, type Loader } from './useLoad';

/** A loader whose answers the test settles by hand, one pending promise per call. */
function manualLoader<T>() {
  const calls: Array<{ resolve(value: T): void; reject(error: unknown): void; signal: AbortSignal }> = [];
  const loader = jest.fn<Promise<T>, [AbortSignal]>(
    (signal) =>
      new Promise<T>((resolve, reject) => {
        calls.push({ resolve, reject, signal });
      }),
  );
  const call = (index: number) => {
    const pending = calls[index];
    if (!pending) throw new Error(`no load number ${index}`);
    return pending;
  };
  return { loader: loader as jest.Mock<Promise<T>, [AbortSignal]> & Loader<T>, calls, call };
}

describe('useLoad', () => {
  it('loads, then shows the data', async () => {
    const { loader, calls, call } = manualLoader<string>();
    const { result } = renderHook(() => useLoad(loader, []));
    expect(result.current).toMatchObject({ data: undefined, loading: true, error: undefined });
    await act(async () => call(0).resolve('ok'));
    expect(result.current).toMatchObject({ data: 'ok', loading: false, error: undefined });
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('ignores the answer of a load its deps superseded, and clears what was shown', async () => {
    const { loader, calls, call } = manualLoader<string>();
    const { result, rerender } = renderHook(({ id }) => useLoad(() => loader(new AbortController().signal).then((v) => `${id}:${v}`), [id]), {
      initialProps: { id: 1 },
    });
    await act(async () => call(0).resolve('first'));
    expect(result.current.data).toBe('1:first');

    rerender({ id: 2 });
    expect(result.current.loading).toBe(true);
    rerender({ id: 3 });
    await waitFor(() => expect(calls).toHaveLength(3));
    // The newest answers first, then the stale one for id 2 arrives late.
    await act(async () => call(2).resolve('third'));
    await act(async () => call(1).resolve('second'));
    expect(result.current).toMatchObject({ data: '3:third', loading: false });
  });

  it('aborts the signal and drops the answer on unmount', async () => {
    const { loader, calls, call } = manualLoader<string>();
    const { result, unmount } = renderHook(() => useLoad(loader, []));
    const shown = result.current;
    unmount();
    expect(call(0).signal.aborted).toBe(true);
    await act(async () => call(0).resolve('late'));
    expect(result.current).toBe(shown);
    expect(result.current.data).toBeUndefined();
  });

  it('refresh loads again and keeps the data shown until the new answer', async () => {
    const { loader, calls, call } = manualLoader<number>();
    const { result } = renderHook(() => useLoad(loader, []));
    await act(async () => call(0).resolve(1));
    act(() => result.current.refresh());
    expect(result.current).toMatchObject({ data: 1, loading: true });
    expect(call(0).signal.aborted).toBe(true);
    await act(async () => call(1).resolve(2));
    expect(result.current).toMatchObject({ data: 2, loading: false });
    expect(loader).toHaveBeenCalledTimes(2);
  });

  it('surfaces a failure as error, and a later success clears it', async () => {
    const { loader, calls, call } = manualLoader<string>();
    const { result } = renderHook(() => useLoad(loader, []));
    const failure = new Error('down');
    await act(async () => call(0).reject(failure));
    expect(result.current).toMatchObject({ data: undefined, error: failure, loading: false });
    act(() => result.current.refresh());
    await act(async () => call(1).resolve('back'));
    expect(result.current).toMatchObject({ data: 'back', error: undefined, loading: false });
  });

  it('loads nothing without a loader', async () => {
    const { loader, calls, call } = manualLoader<string>();
    const { result, rerender } = renderHook(({ open }) => useLoad(open ? loader : null, [open]), { initialProps: { open: false } });
    expect(result.current).toMatchObject({ data: undefined, loading: false });
    rerender({ open: true });
    expect(result.current.loading).toBe(true);
    await act(async () => call(0).resolve('shown'));
    rerender({ open: false });
    expect(result.current).toMatchObject({ data: undefined, loading: false });
    expect(loader).toHaveBeenCalledTimes(1);
  });
});
