import type { MouseEvent, ReactNode } from 'react';
import { navigateTo } from '@qiming/sdk';

/** A plain left click (no modifier): the page navigates itself; any other click is the browser's (a new tab). */
const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A link to another page of the site (it may be another area's): a real href, so middle- and
 * ctrl-click open a new tab, while a plain click goes there without reloading (the SDK's navigateTo).
 */
export function InAppLink({ href, className, children, testId }: { href: string; className?: string; children: ReactNode; testId?: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!plainClick(event)) return;
    event.preventDefault();
    navigateTo(href);
  };
  return (
    <a href={href} className={className} onClick={onClick} data-testid={testId}>
      {children}
    </a>
  );
}
