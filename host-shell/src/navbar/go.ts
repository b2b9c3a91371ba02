import type { MouseEvent } from 'react';
import { navigateToUrl } from 'single-spa';

/** Client-side navigation for a plain click on a link; a modified click (new tab, new window) stays native. */
export function go(event: MouseEvent<HTMLElement>): void {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const href = event.currentTarget.getAttribute('href');
  if (!href) return;
  event.preventDefault();
  navigateToUrl(href);
}
