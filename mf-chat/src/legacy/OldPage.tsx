import { useLayoutEffect, useState } from 'react';
import { navigateTo } from '@qiming/sdk';
import { Alert } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import { LEGACY_ENTRIES, legacyTarget, replaceTo } from './legacyRoutes';
import styles from './old.module.css';

/**
 * /old (旧版入口): the old side-menu layout as a compatibility entry. An old link (`/old#/project`)
 * goes straight to today's page; otherwise the menu shows, each entry leading to today's page.
 */
export function OldPage() {
  const [hash] = useState(() => window.location.hash);
  const target = legacyTarget(hash);
  useLayoutEffect(() => {
    if (target) replaceTo(target);
  }, [target]);
  if (target) return null;
  const unknown = hash.startsWith('#/') && hash.length > 2;

  return (
    <div className={styles.layout} data-testid="old-page">
      <nav className={styles.menu} aria-label={t('old.menu')}>
        <div className={styles.menuTitle}>{t('old.menu')}</div>
        {LEGACY_ENTRIES.map((entry) => (
          <a
            key={entry.name}
            className={styles.item}
            href={entry.target}
            data-legacy={entry.hash}
            onClick={(event) => {
              event.preventDefault();
              navigateTo(entry.target);
            }}
          >
            <span>{t(`old.entry.${entry.name}` as 'old.entry.Home')}</span>
            <small>{entry.name}</small>
          </a>
        ))}
      </nav>
      <main className={styles.main}>
        <Alert type="info" showIcon title={t('old.notice.title')} description={t('old.notice.detail')} />
        {unknown && <Alert type="warning" showIcon style={{ marginTop: 12 }} title={t('old.unknown', { hash })} />}
        <p className={styles.hint}>{t('old.hint')}</p>
      </main>
    </div>
  );
}
