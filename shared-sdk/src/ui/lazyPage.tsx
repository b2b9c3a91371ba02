import { Children, createElement, isValidElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { matchPath } from 'react-router-dom';
import type { AreaPageDefinition } from './AreaRouter';

/** A page component whose code loads on demand and can be loaded ahead. */
export interface LazyPage<P extends object> {
  (props: P): ReactElement;
  /** Loads the page's code; once it is in, the page renders at once. */
  preload(): Promise<void>;
}

/**
 * A page whose code is its own chunk, like React.lazy, except that once its code is in it renders
 * directly instead of through Suspense. React holds back a Suspense boundary's content until 300 ms
 * after its fallback was shown (its fallback throttle), so a lazy page that suspends for even 1 ms
 * costs the user ~300 ms; an area preloads the route's page before its first render
 * (`preloadRoutePage`) and the page never suspends.
 */
export function lazyPage<P extends object>(load: () => Promise<ComponentType<P>>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => void (loaded = component),
      (error: unknown) => {
        loading = null; // a failed chunk load may be retried by the next render
        throw error;
      },
    ));
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  const Page = (props: P) => createElement((loaded ?? Suspending) as ComponentType<P>, props);
  Page.preload = preload;
  return Page;
}

const preloadOf = (type: unknown): (() => Promise<void>) | undefined =>
  typeof type === 'function' && typeof (type as Partial<LazyPage<object>>).preload === 'function' ? (type as LazyPage<object>).preload : undefined;

/** The lazy pages in an element tree as written (`<Gate><ChatPage /></Gate>`), not rendered. */
function lazyPagesIn(node: ReactNode, found: Array<() => Promise<void>> = []): Array<() => Promise<void>> {
  Children.forEach(node, (child) => {
    if (!isValidElement<{ children?: ReactNode }>(child)) return;
    const preload = preloadOf(child.type);
    if (preload) found.push(preload);
    lazyPagesIn(child.props.children, found);
  });
  return found;
}

/**
 * Loads the code of the lazy pages the page definition matching `pathname` shows, so the area's
 * first render draws that page at once (an area's `prepare`). A failure is left to the render,
 * whose error boundary says so.
 */
export async function preloadRoutePage(pages: AreaPageDefinition[], pathname: string): Promise<void> {
  const page = pages.find((p) => matchPath({ path: p.path, end: true }, pathname));
  if (!page) return;
  await Promise.all(lazyPagesIn(page.element).map((preload) => preload().catch(() => undefined)));
}
