/**
 * The outline a page is drawn in while its area loads: the chat page's own full-window layout
 * (sidebar, top bar, composer) or the centred frame of every other area page. The server writes it
 * into the host page (its static first frame); the host's skeleton draws the same.
 */
export type PageLayout = 'chat' | 'page';

export function pageLayoutFor(pathname: string): PageLayout {
  return pathname === '/chatPage' || pathname.startsWith('/chatPage/') ? 'chat' : 'page';
}
