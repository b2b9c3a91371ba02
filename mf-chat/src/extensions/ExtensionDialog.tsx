import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { EXTENSION_LIMITS, type McpInfo } from '@qiming/sdk/contracts';
import { Modal } from '@qiming/sdk/ui/feedback';
import { t } from '../i18n';
import { kindsOf, matchingExtensions } from './extensionFilter';
import { choosableCount } from './inUse';
import type { OfferedExtensions } from './OfferedExtensions';
import styles from './extensions.module.css';

interface Props {
  offered: OfferedExtensions;
  /** The names chosen now (what the chips show): followed until the user changes something, so a list that arrives after opening shows them. */
  selected: readonly string[];
  /** The agent's own extensions: listed as included, not choosable, and counted in the limit. */
  fixed: readonly string[];
  /** 确定: the new selection. */
  onConfirm(names: string[]): void;
  onClose(): void;
}

function ExtensionRow({ info, chosen, fixed, onToggle }: { info: McpInfo; chosen: boolean; fixed: boolean; onToggle(): void }) {
  return (
    <li className={styles.row} data-testid="extension-item">
      {info.imgUrl ? <img src={info.imgUrl} alt="" className={styles.rowIcon} /> : <span className={styles.rowIcon} aria-hidden />}
      <span className={styles.rowText}>
        <strong>{info.showName}</strong>
        {info.showDesc ? <small>{info.showDesc}</small> : null}
      </span>
      {fixed ? (
        <span className={styles.byAgent}>{t('extensions.byAgent')}</span>
      ) : (
        <button
          type="button"
          className={chosen ? styles.removeButton : styles.addButton}
          aria-pressed={chosen}
          aria-label={t(chosen ? 'extensions.removeNamed' : 'extensions.addNamed', { name: info.showName })}
          onClick={onToggle}
        >
          {t(chosen ? 'extensions.remove' : 'extensions.add')}
        </button>
      )}
    </li>
  );
}

/** The list's state when it has nothing to list: loading, failed (with 重试), none offered, none matching. */
const ListState = observer(function ListState({ offered, matched }: { offered: OfferedExtensions; matched: number }) {
  if (offered.loading) return <p className={styles.state} role="status">{t('common.loading')}</p>;
  if (offered.failed) {
    return (
      <p className={styles.state} role="alert">
        {t('extensions.loadFailed')}
        <button type="button" className={styles.retry} onClick={() => void offered.load()}>
          {t('extensions.retry')}
        </button>
      </p>
    );
  }
  if (offered.list?.length === 0) return <p className={styles.state}>{t('extensions.none')}</p>;
  return matched === 0 ? <p className={styles.state}>{t('extensions.noMatch')}</p> : null;
});

/**
 * The extension dialog (spec chat §2, §4): search, category chips, the list with 添加 / 移除, the
 * count, 清空 and 确定. Changes apply on 确定 only; closing otherwise (×, Esc, outside) discards them.
 */
export default observer(function ExtensionDialog({ offered, selected, fixed, onConfirm, onClose }: Props) {
  const [edited, setDraft] = useState<string[] | null>(null);
  const draft = edited ?? selected;
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<string | null>(null);
  const [overLimit, setOverLimit] = useState(false);
  useEffect(() => void offered.load(), [offered]);

  const list = offered.list ?? [];
  const kinds = kindsOf(list);
  const shown = matchingExtensions(list, query, kind);
  const fixedNames = new Set(fixed);
  const max = choosableCount(fixed.length);

  const toggle = (name: string) => {
    if (draft.includes(name)) {
      setDraft(draft.filter((n) => n !== name));
      setOverLimit(false);
    } else if (draft.length >= max) {
      setOverLimit(true);
    } else {
      setDraft([...draft, name]);
    }
  };

  const clear = () => {
    setDraft([]);
    setOverLimit(false);
  };
  const confirm = () => {
    onConfirm([...draft]);
    onClose();
  };

  const chip = (value: string | null, label: string) => (
    <button key={value ?? ''} type="button" className={value === kind ? styles.chipActive : styles.chip} aria-pressed={value === kind} onClick={() => setKind(value)}>
      {label}
    </button>
  );

  return (
    <Modal
      open
      title={t('extensions.title')}
      onCancel={onClose}
      rootClassName={styles.dialogRoot}
      width={560}
      footer={
        <div className={styles.footer}>
          <span className={styles.count} data-testid="extension-count">
            {t('extensions.selectedCount', { count: draft.length })}
          </span>
          <button type="button" className={styles.clear} onClick={clear} disabled={draft.length === 0}>
            {t('extensions.clear')}
          </button>
          <button type="button" className={styles.confirm} onClick={confirm} data-testid="extension-confirm">
            {t('extensions.confirm')}
          </button>
        </div>
      }
    >
      <div data-testid="extension-dialog">
        <input type="search" className={styles.search} value={query} placeholder={t('extensions.search')} aria-label={t('extensions.search')} onChange={(e) => setQuery(e.target.value)} autoFocus />
        {kinds.length > 0 ? (
          <div className={styles.chips} role="group" aria-label={t('extensions.categories')}>
            {chip(null, t('extensions.all'))}
            {kinds.map((k) => chip(k, k))}
          </div>
        ) : null}
        {overLimit ? (
          <p className={styles.limit} role="alert" data-testid="extension-limit">
            {fixed.length > 0 ? t('extensions.limitWithAgent', { max: EXTENSION_LIMITS.selectedMax, fixed: fixed.length }) : t('extensions.limit', { max: EXTENSION_LIMITS.selectedMax })}
          </p>
        ) : null}
        <ListState offered={offered} matched={shown.length} />
        {shown.length > 0 ? (
          <ul className={styles.list} aria-label={t('extensions.title')}>
            {shown.map((info) => (
              <ExtensionRow key={info.mcpName} info={info} chosen={draft.includes(info.mcpName)} fixed={fixedNames.has(info.mcpName)} onToggle={() => toggle(info.mcpName)} />
            ))}
          </ul>
        ) : null}
      </div>
    </Modal>
  );
});
