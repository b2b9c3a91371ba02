import type { McpInfo } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import type { ExtensionsInUse } from './inUse';
import styles from './extensions.module.css';

function Chip({ info, onRemove }: { info: McpInfo; onRemove?(): void }) {
  return (
    <span className={onRemove ? styles.inUse : styles.inUseFixed} data-testid="extension-chip" title={info.showDesc || info.showName}>
      {info.imgUrl ? <img src={info.imgUrl} alt="" className={styles.inUseIcon} /> : null}
      <span className={styles.inUseName}>{info.showName}</span>
      {onRemove ? (
        <button type="button" className={styles.inUseRemove} aria-label={t('extensions.removeNamed', { name: info.showName })} onClick={onRemove}>
          ✕
        </button>
      ) : (
        <small>{t('extensions.byAgent')}</small>
      )}
    </span>
  );
}

/** The extensions the next message uses, above the input: the agent's own (fixed) and the chosen ones, each with ×. */
export function ExtensionChips({ inUse, onRemove }: { inUse: ExtensionsInUse; onRemove(mcpName: string): void }) {
  if (inUse.fixed.length + inUse.chosen.length === 0) return null;
  return (
    <div className={styles.inUseRow} role="group" aria-label={t('extensions.inUse')} data-testid="extension-chips">
      {inUse.fixed.map((info) => (
        <Chip key={`agent-${info.mcpName}`} info={info} />
      ))}
      {inUse.chosen.map((info) => (
        <Chip key={info.mcpName} info={info} onRemove={() => onRemove(info.mcpName)} />
      ))}
    </div>
  );
}
