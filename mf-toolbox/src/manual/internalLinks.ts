import type { MouseEvent } from 'react';
import { navigateTo } from '@qiming/sdk';

/** A click on a link to another page of the site navigates in place (no full reload); others go as they are. */
export function followInternalLink(event: MouseEvent<HTMLElement>): void {
  const link = (event.target as HTMLElement).closest('a');
  const href = link?.getAttribute('href');
  if (!href || !href.startsWith('/') || href.startsWith('//') || link!.target === '_blank' || event.ctrlKey || event.metaKey || event.shiftKey) return;
  event.preventDefault();
  navigateTo(href);
}
