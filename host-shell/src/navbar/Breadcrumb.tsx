import { useEffect, useState } from 'react';
import { eventBus } from '@qiming/sdk';
import { t } from '../i18n';
import { go } from './go';
import { pageTitleOf } from './navigation';
import styles from './navbar.module.css';

/**
 * The title of the page at `pathname`: the one its area announced (the page's own heading), else
 * the host's table while the area loads.
 */
function useShownTitle(pathname: string): string | null {
  const [shown, setShown] = useState<{ path: string; title: string } | null>(null);
  useEffect(() => eventBus.on('page:shown', setShown), []);
  if (pathname === '/' || pathname === '') return null;
  if (shown?.path === pathname) return shown.title;
  const fallback = pageTitleOf(pathname);
  return fallback ? t(fallback) : null;
}

/** 🏠 › page: the home icon leads home (spec platform §2). */
export function Breadcrumb({ pathname }: { pathname: string }) {
  const title = useShownTitle(pathname);
  return (
    <nav className={styles.breadcrumb} aria-label={t('nav.breadcrumb')} data-testid="breadcrumb">
      <a href="/" onClick={go} aria-label={t('nav.home')} className={styles.homeIcon}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M3 11.5 12 4l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" fill="currentColor" />
        </svg>
      </a>
      {title ? (
        <>
          <span aria-hidden="true" className={styles.crumbSeparator}>
            ›
          </span>
          <span aria-current="page">{title}</span>
        </>
      ) : null}
    </nav>
  );
}
