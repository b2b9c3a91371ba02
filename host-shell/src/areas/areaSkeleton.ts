import { pageLayoutFor, type PageLayout } from '@qiming/sdk';

/** Which layout the skeleton draws: the chat page's (sidebar, top bar, composer) or an area page's frame. */
export type SkeletonLayout = PageLayout;

/** The chat page fills the window with its own layout; every other area page sits in the centred frame. */
export const skeletonLayoutFor = pageLayoutFor;

/** The page's static first frame (src/index.html): it draws the same outline until a skeleton or the host's page replaces it. */
export function removeFirstFrame(): void {
  document.getElementById('qm-first-frame')?.remove();
}

// The classes are styled in src/index.html, so the page's first frame and this skeleton are one drawing.
function block(className: string): HTMLElement {
  const element = document.createElement('div');
  element.className = `qm-sk-${className}`;
  return element;
}

function withChildren(parent: HTMLElement, ...children: HTMLElement[]): HTMLElement {
  parent.append(...children);
  return parent;
}

/** The outline's blocks, without the attributes that say whose skeleton it is. */
export function skeletonOutline(layout: SkeletonLayout): HTMLElement {
  if (layout === 'chat') {
    const sidebar = withChildren(block('sidebar'), block('button'), block('line'), block('line'), block('line-short'));
    const main = withChildren(block('main'), block('top-bar'), withChildren(block('welcome'), block('icon'), block('title'), block('line-short')), block('composer'));
    return withChildren(block('chat'), sidebar, main);
  }
  const cards = withChildren(block('cards'), block('card'), block('card'), block('card'));
  return withChildren(block('page'), block('title'), block('line'), block('line-short'), cards);
}

/**
 * A grey outline of the page about to appear, drawn by the host at once while the area's code
 * loads (plain DOM and the page's CSS: no UI kit is loaded yet), so a slow load shows the page's
 * shape instead of a blank screen. The caller removes it once the area has drawn (or failed).
 */
export function areaSkeleton(area: string, pathname: string): HTMLElement {
  const layout = skeletonLayoutFor(pathname);
  const root = skeletonOutline(layout);
  root.dataset.testid = 'area-skeleton';
  root.dataset.area = area;
  root.dataset.layout = layout;
  root.setAttribute('aria-busy', 'true');
  root.setAttribute('aria-hidden', 'true');
  return root;
}
