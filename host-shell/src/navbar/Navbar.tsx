import { navigateToUrl } from 'single-spa';
import type { MouseEvent } from 'react';
import { AccountControls } from './AccountControls';
import { NAV_LINKS, TOOLBOX_LINKS, type NavLink } from './navigation';
import styles from './shell.module.css';

/** Client-side navigation for a plain click; a modified click (new tab, new window) stays native. */
function go(event: MouseEvent<HTMLElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const href = event.currentTarget.getAttribute('href');
  if (!href) return;
  event.preventDefault();
  navigateToUrl(href);
}

function Link({ link, active }: { link: NavLink; active: boolean }) {
  return (
    <a href={link.href} onClick={go} className={active ? `${styles.link} ${styles.active}` : styles.link} aria-current={active ? 'page' : undefined}>
      {link.label}
    </a>
  );
}

/** The host's own markup and CSS (no UI kit): the host stays small and draws before any area loads. */
export function Navbar({ pathname }: { pathname: string }) {
  return (
    <header className={styles.navbar} data-testid="navbar">
      <a href="/" onClick={go} className={styles.brand} aria-label="启明 AI 首页">
        启明 AI
      </a>
      <nav className={styles.links}>
        {NAV_LINKS.map((link) => (
          <Link key={link.href} link={link} active={pathname === link.href} />
        ))}
        <div className={styles.submenu}>
          <a className={styles.link} href="/toolPage" onClick={go} aria-haspopup="menu">
            工具箱 ▾
          </a>
          <div className={styles.submenuItems} role="menu">
            {TOOLBOX_LINKS.map((link) => (
              <a key={link.href} role="menuitem" href={link.href} onClick={go} className={styles.link}>
                {link.label}
              </a>
            ))}
          </div>
        </div>
      </nav>
      <AccountControls />
    </header>
  );
}
