import { useEffect, useState } from 'react';
import { AccountControls } from '../account/AccountControls';
import { t } from '../i18n';
import { useLayout } from '../layout/useLayout';
import { Breadcrumb } from './Breadcrumb';
import { DownloadEntry } from './DownloadEntry';
import { go } from './go';
import { NavLinks } from './NavLinks';
import { PromoBanner } from './PromoBanner';
import { UpdateNotices } from './UpdateNotices';
import styles from './navbar.module.css';

/**
 * The host's own markup and CSS (no UI kit), so it draws before any area loads. Below 780 px the
 * links fold into the hamburger panel; below 560 px the promo moves into it too.
 */
export function Navbar({ pathname }: { pathname: string }) {
  const layout = useLayout();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname, layout.navbarMenu]);

  return (
    <header className={styles.navbar} data-testid="navbar">
      {layout.navbarMenu ? (
        <button type="button" className={styles.iconButton} aria-label={t('nav.menu')} aria-expanded={menuOpen} aria-controls="qm-nav-panel" onClick={() => setMenuOpen((v) => !v)} data-testid="hamburger">
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" fill="currentColor" />
          </svg>
        </button>
      ) : null}
      <a href="/" onClick={go} className={styles.brand}>
        <span className={styles.logo} aria-hidden="true">
          {/* The morning star of 启明, as on the app icon (public/icon-*.png). */}
          <svg viewBox="0 0 24 24" width="18" height="18">
            <path d="M12 2c.6 5.2 4.8 9.4 10 10-5.2.6-9.4 4.8-10 10-.6-5.2-4.8-9.4-10-10 5.2-.6 9.4-4.8 10-10z" fill="#fff" />
          </svg>
        </span>
        {layout.navbarPhone ? null : <span className={styles.brandText}>{t('brand')}</span>}
      </a>
      <Breadcrumb pathname={pathname} />
      {layout.navbarMenu ? (
        <div className={styles.spacer} />
      ) : (
        <nav className={styles.links} aria-label={t('nav.main')}>
          <NavLinks pathname={pathname} />
        </nav>
      )}
      {layout.navbarPhone ? null : <PromoBanner />}
      <UpdateNotices />
      {layout.navbarMenu ? null : <DownloadEntry />}
      <AccountControls />
      {layout.navbarMenu && menuOpen ? (
        <nav id="qm-nav-panel" className={styles.panel} aria-label={t('nav.main')} data-testid="nav-panel">
          <NavLinks pathname={pathname} stacked onNavigate={() => setMenuOpen(false)} />
          <div className={styles.panelExtras}>
            {layout.navbarPhone ? <PromoBanner /> : null}
            <DownloadEntry />
          </div>
        </nav>
      ) : null}
    </header>
  );
}
