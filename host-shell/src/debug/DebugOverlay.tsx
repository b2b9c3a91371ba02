import { useEffect, useState } from 'react';
import { eventBus, ownerOfPath, sdkInstance, type Registry } from '@qiming/sdk';
import { t } from '../i18n';
import { debugEnabled } from './debugFlag';
import styles from './debug.module.css';

/**
 * For developers and ops, never in a user's way: with `?debug=1` a small corner label says which
 * area drew the page, its version and the SDK instance (what every page's footer used to print).
 */
export function DebugOverlay({ pathname, registry }: { pathname: string; registry: Registry }) {
  const [mounted, setMounted] = useState<Record<string, string>>({});
  useEffect(() => eventBus.on('area:mounted', ({ area, version }) => setMounted((current) => ({ ...current, [area]: version }))), []);
  if (!debugEnabled(window.location.search, window.sessionStorage)) return null;
  const area = ownerOfPath(pathname, registry.areas);
  return (
    <div className={styles.overlay} data-testid="debug-overlay">
      {area ? t('debug.area', { area, version: mounted[area] ?? '…' }) : t('debug.host')} · SDK {sdkInstance.id}
    </div>
  );
}
