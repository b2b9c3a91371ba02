import { t } from '../i18n';
import { go } from './go';
import { isActive, isMenu, NAV_ENTRIES, type NavLink } from './navigation';
import styles from './navbar.module.css';

function Link({ link, pathname, role, onNavigate }: { link: NavLink; pathname: string; role?: string; onNavigate?(): void }) {
  const active = isActive(link, pathname);
  return (
    <a
      href={link.href}
      role={role}
      onClick={(event) => {
        go(event);
        onNavigate?.();
      }}
      className={active ? `${styles.link} ${styles.active}` : styles.link}
      aria-current={active ? 'page' : undefined}
    >
      {t(link.label)}
    </a>
  );
}

/**
 * The navbar's links. In the bar, submenus open on hover (and on keyboard focus); in the hamburger
 * panel (`stacked`) every submenu is listed open under its heading.
 */
export function NavLinks({ pathname, stacked = false, onNavigate }: { pathname: string; stacked?: boolean; onNavigate?(): void }) {
  return (
    <>
      {NAV_ENTRIES.map((entry) => {
        if (!isMenu(entry)) return <Link key={entry.href} link={entry} pathname={pathname} onNavigate={onNavigate} />;
        if (stacked) {
          return (
            <div key={entry.label} className={styles.stackedGroup}>
              <span className={styles.stackedHeading}>{t(entry.label)}</span>
              {entry.items.map((item) => (
                <Link key={item.href} link={item} pathname={pathname} onNavigate={onNavigate} />
              ))}
            </div>
          );
        }
        return (
          <div key={entry.label} className={styles.submenu}>
            <button type="button" className={isActive(entry, pathname) ? `${styles.link} ${styles.active}` : styles.link} aria-haspopup="menu">
              {t(entry.label)} ▾
            </button>
            <div className={styles.submenuItems} role="menu">
              {entry.items.map((item) => (
                <Link key={item.href} link={item} pathname={pathname} role="menuitem" />
              ))}
            </div>
          </div>
        );
      })}
    </>
  );
}
