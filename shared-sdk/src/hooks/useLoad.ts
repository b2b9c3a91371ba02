import { useCallback, useEffect, useRef, useState, type DependencyList } from 'react';

/** Loads one thing; the signal aborts when the result is no longer wanted. */
export type Loader<T> = (signal: AbortSignal) => Promise<T>;

export interface Loaded<T> {
  /** The last loaded value; undefined while the first load runs, after a failure, or with no loader. */
  data: T | undefined;
  /** Why the last load failed (undefined otherwise). */
  error: unknown;
  loading: boolean;
  /** Loads again with the same deps, keeping what is shown until the new answer arrives. */
  refresh(): void;
}

interface State<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/**
 * The data-loading effect every page writes by hand: runs `loader` when `deps` change (like
 * useEffect), ignores the answer of a load that was superseded (deps changed, refresh, unmount) and
 * surfaces failures as `error`. A change of deps is another resource, so what was shown is cleared;
 * `refresh()` is the same resource again, so it stays until the answer. A null loader loads nothing
 * (a closed dialog, a page without its parameter).
 */
export function useLoad<T>(loader: Loader<T> | null, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<State<T>>(() => ({ data: undefined, error: undefined, loading: loader !== null }));
  const [round, setRound] = useState(0);
  const loadedDeps = useRef<DependencyList | null>(null);

  useEffect(() => {
    const keep = loadedDeps.current !== null && sameDeps(loadedDeps.current, deps);
    loadedDeps.current = deps;
    if (!loader) {
      setState({ data: undefined, error: undefined, loading: false });
      return;
    }
    const controller = new AbortController();
    setState((shown) => (keep ? { ...shown, loading: true } : { data: undefined, error: undefined, loading: true }));
    loader(controller.signal).then(
      (data) => controller.signal.aborted || setState({ data, error: undefined, loading: false }),
      // A rejection without a reason still has to read as a failure.
      (error: unknown) => controller.signal.aborted || setState({ data: undefined, error: error ?? new Error('load failed'), loading: false }),
    );
    return () => controller.abort();
    // The caller's deps decide when the loader runs, as with useEffect.
  }, [...deps, round]);

  const refresh = useCallback(() => setRound((value) => value + 1), []);
  return { ...state, refresh };
}
