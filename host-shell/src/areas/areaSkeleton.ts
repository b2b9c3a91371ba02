import styles from './skeleton.module.css';

/** Which layout the skeleton draws: the chat page's (sidebar, top bar, composer) or an area page's frame. */
export type SkeletonLayout = 'chat' | 'page';

/** The chat page fills the window with its own layout; every other area page sits in the centred frame. */
export function skeletonLayoutFor(pathname: string): SkeletonLayout {
  return pathname === '/chatPage' || pathname.startsWith('/chatPage/') ? 'chat' : 'page';
}

function block(className: string | undefined): HTMLElement {
  const element = document.createElement('div');
  element.className = className ?? '';
  return element;
}

function withChildren(parent: HTMLElement, ...children: HTMLElement[]): HTMLElement {
  parent.append(...children);
  return parent;
}

/**
 * A grey outline of the page about to appear, drawn by the host at once while the area's code
 * loads (plain DOM and the host's CSS: no UI kit is loaded yet), so a slow load shows the page's
 * shape instead of a blank screen. The caller removes it once the area has drawn (or failed).
 */
export function areaSkeleton(area: string, pathname: string): HTMLElement {
  const layout = skeletonLayoutFor(pathname);
  const root = block(layout === 'chat' ? styles.chat : styles.page);
  root.dataset.testid = 'area-skeleton';
  root.dataset.area = area;
  root.dataset.layout = layout;
  root.setAttribute('aria-busy', 'true');
  root.setAttribute('aria-hidden', 'true');
  if (layout === 'chat') {
    const sidebar = withChildren(block(styles.sidebar), block(styles.button), block(styles.line), block(styles.line), block(styles.lineShort));
    const main = withChildren(block(styles.main), block(styles.topBar), withChildren(block(styles.welcome), block(styles.icon), block(styles.title), block(styles.lineShort)), block(styles.composer));
    return withChildren(root, sidebar, main);
  }
  const cards = withChildren(block(styles.cards), block(styles.card), block(styles.card), block(styles.card));
  return withChildren(root, block(styles.title), block(styles.line), block(styles.lineShort), cards);
}
