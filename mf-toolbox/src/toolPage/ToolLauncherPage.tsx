import type { MouseEvent } from 'react';
import { navigateTo } from '@qiming/sdk';
import { t } from '../i18n';
import { TOOLS } from '../itTools/catalogue';
import { LAUNCHER, type LauncherEntry } from './launcher';
import styles from './toolPage.module.css';

type Key = Parameters<typeof t>[0];

/**
 * A plain link (open in a new tab works) that, on a plain click, goes through the SDK's navigation:
 * the host reroutes to whichever area owns the path, this one included.
 */
function follow(event: MouseEvent<HTMLAnchorElement>, path: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  navigateTo(path);
}

function EntryCard({ entry }: { entry: LauncherEntry }) {
  const name = t(`tools.entry.${entry.id}.name` as Key);
  return (
    <a href={entry.path} className={styles.card} onClick={(e) => follow(e, entry.path)} data-testid="launcher-card" data-path={entry.path}>
      <span className={styles.icon} aria-hidden="true" style={{ color: `hsl(${entry.hue} 70% 42%)`, background: `hsl(${entry.hue} 80% 95%)` }}>
        {entry.icon}
      </span>
      <span className={styles.text}>
        <strong>{name}</strong>
        <span className={styles.description}>{t(`tools.entry.${entry.id}.description` as Key, { n: TOOLS.length })}</span>
        <code className={styles.path}>{entry.path}</code>
      </span>
    </a>
  );
}

/** /toolPage 工具集: every tool of the product, grouped, each a card leading to its page. */
export function ToolLauncherPage() {
  return (
    <div data-testid="tool-launcher">
      <p className={styles.intro}>{t('tools.intro')}</p>
      {LAUNCHER.map((group) => (
        <section key={group.id} className={styles.group} aria-labelledby={`launcher-${group.id}`}>
          <h2 id={`launcher-${group.id}`}>{t(`tools.group.${group.id}`)}</h2>
          <div className={styles.grid}>
            {group.entries.map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
