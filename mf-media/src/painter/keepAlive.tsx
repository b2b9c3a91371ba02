import { Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { observer } from 'mobx-react-lite';
import { lazyPage, Spin, UiProvider } from '@qiming/sdk/ui';
import { usePainterStore } from './painterContext';
import { t } from '../i18n';
// Its own tiny sheet: the painter's styles load with the painter's chunk.
import styles from './keepAlive.module.css';

/*
 * Keep-alive (spec platform §2: only the image-generation page is kept alive). The painter is drawn
 * once, through a portal owned by the area's root (PainterKeeper), into a node of its own; the route's
 * element (PainterOutlet) only lends that node a place in the page while its route shows. Leaving the
 * route takes the node out of the document without unmounting anything, so the DOM, scroll positions,
 * open viewers and component state are as they were on return.
 */
// The painter's code loads with its first visit, not with the area's other pages.
const PainterPage = lazyPage(() => import('./PainterPage').then((m) => m.PainterPage));

let keptNode: HTMLDivElement | null = null;
const nodeOfPainter = () => (keptNode ??= Object.assign(document.createElement('div'), { className: 'qm-painter-kept' }));

/** At the area's root: the painter's one React tree, from the first visit to the area's unmount. */
export const PainterKeeper = observer(function PainterKeeper() {
  const store = usePainterStore();
  if (!store.opened) return null;
  return createPortal(
    <UiProvider>
      <Suspense fallback={<Spin />}>
        <PainterPage />
      </Suspense>
    </UiProvider>,
    nodeOfPainter(),
  );
});

interface OutletProps {
  /** /toolBox/building says it is the toolbox's entry to the same painter. */
  entry: 'painter' | 'toolbox';
}

/** The element of /painter and /toolBox/building: shows the kept painter, prefilled from 做同款's query. */
export function PainterOutlet({ entry }: OutletProps) {
  const store = usePainterStore();
  const slot = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  useLayoutEffect(() => {
    const node = nodeOfPainter();
    slot.current?.append(node);
    store.setShown(true);
    return () => {
      node.remove();
      store.setShown(false);
    };
  }, [store]);

  // The query is a one-time order: once the form holds it, the address drops it, so a reload or a
  // return does not overwrite what the user changed since, and the same 做同款 applies again.
  useEffect(() => {
    if (store.applyQuery(search)) navigate(pathname, { replace: true });
  }, [store, search, pathname, navigate]);

  useEffect(() => {
    const onVisibility = () => store.setVisible(document.visibilityState !== 'hidden');
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [store]);

  return (
    <>
      {entry === 'toolbox' && <p className={styles.entryNote}>{t('painter.toolboxEntry')}</p>}
      <div ref={slot} data-testid="painter-slot" />
    </>
  );
}

/** The painter's code, loaded ahead when the area mounts on a painter route (`preloadRoutePage` finds it on the route's element). */
PainterOutlet.preload = () => PainterPage.preload();
