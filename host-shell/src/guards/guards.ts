import { request, type GuardEventKind, type SiteConfig } from '@qiming/sdk';
import { t } from '../i18n';
import { watchDevtools } from './devtoolsWatch';
import styles from '../shell/shell.module.css';

/** spec platform §4: the page goes blank this long after the warning. */
export const BLANK_AFTER_MS = 500;

export const isAlook = (userAgent: string) => /alook/i.test(userAgent);

function report(kind: GuardEventKind): Promise<unknown> {
  return request.post('platform/guard-events', { kind, path: window.location.pathname }).catch(() => undefined);
}

/** Replaces the whole page with one message (nothing of the product stays usable underneath). */
function takeOverPage(message: string): HTMLElement {
  const screen = document.createElement('div');
  screen.className = styles.guard!;
  screen.setAttribute('role', 'alert');
  screen.dataset.testid = 'guard-screen';
  screen.textContent = message;
  document.body.replaceChildren(screen);
  return screen;
}

/** The devtools alarm: full-screen warning, logged to the server, SDK calls refused, blank page 500 ms later. */
function onDevtoolsDetected(): void {
  const screen = takeOverPage(t('guard.devtools'));
  void report('devtools').finally(() => request.setDevtoolsDetected());
  setTimeout(() => {
    screen.textContent = '';
    screen.dataset.blank = 'true';
  }, BLANK_AFTER_MS);
}

/**
 * The production guards (SITE_GUARDS): the Alook in-app browser is refused outright; developer tools
 * are watched (devtools-detect's window-size heuristic, read every 500 ms). Returns false when the page
 * must not boot.
 */
export async function applyGuards(site: SiteConfig): Promise<boolean> {
  if (!site.guards) return true;
  if (isAlook(navigator.userAgent)) {
    takeOverPage(t('guard.alook'));
    void report('alook');
    return false;
  }
  const { default: devtools } = await import(/* webpackChunkName: "devtools-detect" */ 'devtools-detect');
  watchDevtools(() => devtools.isOpen, onDevtoolsDetected);
  return true;
}
