import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { eventBus } from '@qiming/sdk';
import type { KnowledgeBase, ModelOption } from '@qiming/sdk/contracts';
import { knowledgeIdOfOption, knowledgeOption } from '../knowledge/knowledgeOption';
import { filterOptions, pickerTabs } from './pickerTabs';
import { t } from '../i18n';
import styles from '../chat/chat.module.css';

// Loaded when opened: neither dialog is part of the chat page's first load.
const ModelListDialog = lazy(() => import('./ModelDialogs').then((m) => ({ default: m.ModelListDialog })));
const RankingDialog = lazy(() => import('./ModelDialogs').then((m) => ({ default: m.RankingDialog })));

/** The tab bar scrolls by this much per arrow click (spec chat §2). */
const TAB_SCROLL_STEP = 300;

/** The user's own bases in the 个人知识库 tab: picking one selects it and keeps the model. */
export interface KnowledgeChoice {
  bases: readonly KnowledgeBase[];
  selectedId: string | null;
  onPick(base: KnowledgeBase): void;
}

interface Props {
  options: ModelOption[];
  knowledge?: KnowledgeChoice;
  value: string;
  /** The current model when the catalogue does not hold it (an agent). */
  currentOption?: ModelOption;
  onChange(model: string): void;
}

/** The tab bar with ‹ › arrows shown while there is more to scroll to on that side. */
function TabBar({ tabs, active, onPick }: { tabs: ReturnType<typeof pickerTabs>; active: string; onPick(key: string): void }) {
  const bar = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const measure = () => {
    const el = bar.current;
    if (el) setEdges({ left: el.scrollLeft > 0, right: el.scrollLeft + el.clientWidth < el.scrollWidth - 1 });
  };
  useEffect(measure, [tabs]);
  const scroll = (direction: -1 | 1) => bar.current?.scrollBy({ left: direction * TAB_SCROLL_STEP, behavior: 'smooth' });
  return (
    <div className={styles.tabBarWrap}>
      {edges.left ? (
        <button type="button" className={styles.tabArrow} aria-label={t('picker.scrollLeft')} onClick={() => scroll(-1)}>
          ‹
        </button>
      ) : null}
      <div className={styles.tabBar} ref={bar} onScroll={measure} role="tablist" aria-label={t('picker.types')}>
        {tabs.map((tab) => (
          <button key={tab.key} type="button" role="tab" aria-selected={tab.key === active} className={tab.key === active ? styles.tabActive : styles.tab} onClick={() => onPick(tab.key)}>
            {tab.label}
          </button>
        ))}
      </div>
      {edges.right ? (
        <button type="button" className={styles.tabArrow} aria-label={t('picker.scrollRight')} onClick={() => scroll(1)} data-testid="tabs-right">
          ›
        </button>
      ) : null}
    </div>
  );
}

/**
 * The model picker card (spec chat §2): search (搜索模型), type tabs (default 全部), the list with
 * price lines, the model list and ranking dialogs, and 充值; closes on an outside click.
 */
export function ModelSelect({ options, knowledge, value, currentOption, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [tabKey, setTabKey] = useState('all');
  const [dialog, setDialog] = useState<'list' | 'ranking' | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const current = options.find((option) => option.value === value) ?? currentOption;
  const bases = knowledge?.bases;
  const listed = useMemo(() => (bases?.length ? [...options, ...bases.map(knowledgeOption)] : options), [options, bases]);
  const tabs = useMemo(() => pickerTabs(listed), [listed]);
  const tab = tabs.find((candidate) => candidate.key === tabKey) ?? tabs[0]!;
  const shown = useMemo(() => filterOptions(listed, tab, query), [listed, tab, query]);
  const isChosen = (option: ModelOption) => {
    const baseId = knowledgeIdOfOption(option.value);
    return baseId === null ? option.value === value : baseId === knowledge?.selectedId;
  };

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent) => !root.current?.contains(event.target as Node) && setOpen(false);
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const pick = (model: string) => {
    const baseId = knowledgeIdOfOption(model);
    if (baseId === null) onChange(model);
    else {
      const base = bases?.find((candidate) => candidate.id === baseId);
      if (base) knowledge?.onPick(base);
    }
    setOpen(false);
    setDialog(null);
  };
  const openDialog = (which: 'list' | 'ranking') => {
    setOpen(false);
    setDialog(which);
  };

  return (
    <div className={styles.modelSelect} ref={root}>
      <button type="button" className={styles.modelButton} onClick={() => setOpen((v) => !v)} aria-expanded={open} data-testid="model-select">
        {current ? <img src={current.icon} alt="" className={styles.modelIcon} /> : null}
        <span className={styles.modelLabel}>{current?.label ?? value}</span>
        {current?.offlineDemo ? <span className={styles.offlineTag}>{t('models.offlineDemo')}</span> : null}
        <span aria-hidden>▾</span>
      </button>
      {open ? (
        <div className={styles.modelCard} data-testid="model-card-picker">
          <div className={styles.modelCardHead}>
            <input className={styles.modelSearch} placeholder={t('picker.search')} value={query} onChange={(e) => setQuery(e.target.value)} autoFocus aria-label={t('picker.search')} />
            <button type="button" className={styles.topUp} onClick={() => { setOpen(false); eventBus.emit('pay:open', { reason: 'model-picker' }); }}>
              {t('picker.topUp')}
            </button>
          </div>
          <TabBar tabs={tabs} active={tab.key} onPick={setTabKey} />
          <ul className={styles.modelList} role="listbox" aria-label={t('picker.choose')}>
            {shown.map((option) => (
              <li key={option.value}>
                <button type="button" role="option" aria-selected={isChosen(option)} className={styles.modelOption} onClick={() => pick(option.value)}>
                  <img src={option.icon} alt="" className={styles.modelIcon} />
                  <span className={styles.modelOptionText}>
                    <strong>{option.label}</strong>
                    <small>{option.labelText}</small>
                  </span>
                  <span className={styles.modelPrice}>{option.modelprice}</span>
                </button>
              </li>
            ))}
            {shown.length === 0 ? <li className={styles.empty}>{t('picker.noMatch')}</li> : null}
          </ul>
          <div className={styles.modelCardFoot}>
            <button type="button" className={styles.linkButton} onClick={() => openDialog('list')}>
              {t('models.list')}
            </button>
            <button type="button" className={styles.linkButton} onClick={() => openDialog('ranking')} data-testid="open-ranking">
              {t('models.ranking')}
            </button>
          </div>
        </div>
      ) : null}
      <Suspense fallback={null}>
        {dialog === 'list' ? <ModelListDialog options={options} current={value} onPick={pick} onClose={() => setDialog(null)} /> : null}
        {dialog === 'ranking' ? <RankingDialog options={options} current={value} onPick={pick} onClose={() => setDialog(null)} /> : null}
      </Suspense>
    </div>
  );
}
