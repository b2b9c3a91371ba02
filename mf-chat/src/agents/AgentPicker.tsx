import { useMemo, useRef, type RefObject } from 'react';
import { agentsApi, useLoad } from '@qiming/sdk';
import type { AgentApp } from '@qiming/sdk/contracts';
import { AgentList, cardOfAgent } from './AgentList';
import { AGENT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from './listing';
import { useDebounced } from './useDebounced';
import { usePickerKeys, type PickerKey } from '../chat/usePickerKeys';
import { t } from '../i18n';
import styles from './agents.module.css';

interface Props {
  /** What follows the @. */
  query: string;
  /** User info exists: only then are my agents and favourites fetched (spec chat §9). */
  signedIn: boolean;
  /** The picker puts its key handler here while shown. */
  keys: RefObject<((key: PickerKey) => void) | null>;
  onPick(app: AgentApp): void;
  onClose(): void;
}

function matches(app: AgentApp, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || app.appName.toLowerCase().includes(q) || app.description.toLowerCase().includes(q);
}

/**
 * The @ picker (spec chat §2): 我的智能体, 我的收藏 and 公开智能体 (the first page, searched on the
 * server as the query settles), filtered by the query as it is typed; ↑ ↓ move, Enter picks.
 */
export default function AgentPicker({ query, signedIn, keys, onPick, onClose }: Props) {
  const mine = useLoad(signedIn ? () => agentsApi.mine({ pageNo: 1, pageSize: AGENT_PAGE_SIZE }) : null, [signedIn]);
  const favourites = useLoad(signedIn ? () => agentsApi.favourites({ pageNo: 1, pageSize: AGENT_PAGE_SIZE }) : null, [signedIn]);
  const keyWord = useDebounced(query.trim(), SEARCH_DEBOUNCE_MS);
  const found = useLoad(() => agentsApi.publicAgents({ pageNo: 1, pageSize: AGENT_PAGE_SIZE, ...(keyWord ? { keyWord } : {}) }), [keyWord]);
  // The last public answer stays (filtered locally) while the next search runs, so the list does not blink.
  const lastPublic = useRef<AgentApp[]>([]);
  if (found.data) lastPublic.current = found.data.list;

  const sections = useMemo(
    () =>
      [
        { key: 'mine', title: t('agents.mine'), apps: mine.data?.list ?? [] },
        { key: 'favourites', title: t('agents.favourites'), apps: (favourites.data?.list ?? []).flatMap((f) => (f.app ? [f.app] : [])) },
        { key: 'public', title: t('agents.public'), apps: lastPublic.current },
      ]
        .map((section) => ({ ...section, apps: section.apps.filter((app) => matches(app, query)) }))
        .filter((section) => section.apps.length > 0),
    [mine.data, favourites.data, found.data, query],
  );
  const flat = sections.flatMap((section) => section.apps);

  const { current, box } = usePickerKeys(flat, query, keys, onPick, onClose);

  const loading = found.loading || mine.loading || favourites.loading;
  let offset = 0;
  return (
    <div className={styles.picker} ref={box} data-testid="agent-picker">
      {sections.map((section) => {
        const start = offset;
        offset += section.apps.length;
        return (
          <section key={section.key} data-testid={`picker-${section.key}`}>
            <h4 className={styles.pickerTitle}>{section.title}</h4>
            <AgentList cards={section.apps.map(cardOfAgent)} layout="rows" label={section.title} activeIndex={current - start} onPick={(index) => onPick(section.apps[index]!)} />
          </section>
        );
      })}
      {flat.length === 0 ? <p className={styles.state}>{loading ? t('common.loading') : t('agents.noMatch')}</p> : null}
    </div>
  );
}
