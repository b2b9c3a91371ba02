import { navigateToUrl } from 'single-spa';
import type { MouseEvent } from 'react';
import { Button, Dropdown } from '@qiming/sdk/ui';
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
    <a href={link.href} onClick={go} className={active ? `${styles.link} ${styles.active}` : styles.link}>
      {link.label}
    </a>
  );
}

export function Navbar({ pathname }: { pathname: string }) {
  const toolbox = {
    items: TOOLBOX_LINKS.map((link) => ({ key: link.href, label: link.label })),
    onClick: ({ key }: { key: string }) => navigateToUrl(key),
  };
  return (
    <header className={styles.navbar} data-testid="navbar">
      <a href="/" onClick={go} className={styles.brand} aria-label="启明 AI 首页">
        启明 AI
      </a>
      <nav className={styles.links}>
        {NAV_LINKS.map((link) => (
          <Link key={link.href} link={link} active={pathname === link.href} />
        ))}
        <Dropdown menu={toolbox} trigger={['hover']}>
          <a className={styles.link} href="/toolPage" onClick={go}>
            工具箱
          </a>
        </Dropdown>
      </nav>
      <Button type="primary" href="/loginPage" onClick={go}>
        登录
      </Button>
    </header>
  );
}
