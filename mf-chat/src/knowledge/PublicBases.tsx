import { useState } from 'react';
import { knowledgeApi, useLoad } from '@qiming/sdk';
import { KNOWLEDGE_LIMITS, type KnowledgeBase } from '@qiming/sdk/contracts';
import { SEARCH_DEBOUNCE_MS } from '../agents/listing';
import { Pager } from '../agents/Pager';
import { useDebounced } from '../agents/useDebounced';
import { t } from '../i18n';
import { BaseCards } from './BaseCards';
import agentStyles from '../agents/agents.module.css';

const PAGE_SIZE = KNOWLEDGE_LIMITS.pageSize;

/**
 * Public bases (getAllKnowledgePublic), searched once the text settles, in pages of 20. The server
 * sends a page without a total, so a full page means there may be a next one.
 */
export function PublicBases({ onPick }: { onPick(base: KnowledgeBase): void }) {
  const [search, setSearch] = useState('');
  const keyWord = useDebounced(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState({ keyWord: '', pageNo: 1 });
  // Another search starts at page 1 again.
  const pageNo = page.keyWord === keyWord ? page.pageNo : 1;
  const { data, error } = useLoad(() => knowledgeApi.publicBases({ pageNo, pageSize: PAGE_SIZE, ...(keyWord ? { keyWord } : {}) }), [keyWord, pageNo]);
  return (
    <div data-testid="public-bases">
      <input className={agentStyles.search} value={search} maxLength={KNOWLEDGE_LIMITS.query} placeholder={t('knowledge.search')} aria-label={t('knowledge.search')} onChange={(e) => setSearch(e.target.value)} />
      <BaseCards bases={data} failed={!!error} empty={keyWord ? t('knowledge.noMatch') : t('knowledge.noPublic')} onPick={onPick} />
      {data ? <Pager pageNo={pageNo} hasNext={data.length === PAGE_SIZE} onPage={(next) => setPage({ keyWord, pageNo: next })} /> : null}
    </div>
  );
}
