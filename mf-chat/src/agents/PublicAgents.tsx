import { useState } from 'react';
import { AGENT_LIMITS, agentsApi, useLoad } from '@qiming/sdk';
import type { AgentApp, AgentCategoryKey } from '@qiming/sdk/contracts';
import { cardOfAgent } from './AgentList';
import { AgentPages } from './AgentPages';
import { AGENT_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from './listing';
import { useDebounced } from './useDebounced';
import { t } from '../i18n';
import styles from './agents.module.css';

/**
 * Public agents by category (getAppByType's tabs, 全部 first), searched by name and description,
 * in pages of 20: the agent centre's 公开智能体 and the settings drawer's 智能体 tab.
 */
export function PublicAgents({ onPick }: { onPick(app: AgentApp): void }) {
  const { data: categories } = useLoad(() => agentsApi.categories(), []);
  const [kind, setKind] = useState<AgentCategoryKey | null>(null);
  const [search, setSearch] = useState('');
  const keyWord = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const tabs: { key: AgentCategoryKey | null; name: string }[] = [{ key: null, name: t('agents.allCategories') }, ...(categories ?? []).map((c) => ({ key: c.kind1, name: c.name }))];
  return (
    <div data-testid="public-agents">
      <input className={styles.search} value={search} maxLength={AGENT_LIMITS.keyWord} placeholder={t('agents.search')} aria-label={t('agents.search')} onChange={(e) => setSearch(e.target.value)} />
      <div className={styles.categories} role="tablist" aria-label={t('agents.categories')}>
        {tabs.map((tab) => (
          <button key={tab.key ?? 'all'} type="button" role="tab" aria-selected={tab.key === kind} className={tab.key === kind ? styles.categoryActive : styles.category} onClick={() => setKind(tab.key)}>
            {tab.name}
          </button>
        ))}
      </div>
      <AgentPages
        key={`${kind ?? ''}\n${keyWord}`}
        load={(pageNo) => agentsApi.publicAgents({ pageNo, pageSize: AGENT_PAGE_SIZE, ...(keyWord ? { keyWord } : {}), ...(kind ? { kind1: kind } : {}) })}
        toCard={cardOfAgent}
        onPick={onPick}
        label={t('agents.public')}
        empty={keyWord ? t('agents.noMatch') : t('agents.noPublic')}
      />
    </div>
  );
}
