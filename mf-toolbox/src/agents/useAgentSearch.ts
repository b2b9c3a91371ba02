import { useEffect, useState } from 'react';
import type { AgentCategoryKey, AgentListRequest } from '@qiming/sdk/contracts';
import { AGENT_LIMITS } from '@qiming/sdk';

/** Typing settles this long before the list is searched (Enter searches at once). */
export const SEARCH_DEBOUNCE_MS = 300;

/** The square's query: the search text (debounced), the category and the page; a new search goes back to page 1. */
export function useAgentSearch() {
  const [text, setText] = useState('');
  const [keyWord, setKeyWord] = useState('');
  const [kind1, setKind1] = useState<AgentCategoryKey | null>(null);
  const [pageNo, setPageNo] = useState(1);

  useEffect(() => {
    const timer = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  function search(value: string) {
    const next = value.trim();
    setKeyWord((current) => {
      if (current !== next) setPageNo(1);
      return next;
    });
  }

  const query: AgentListRequest = { pageNo, pageSize: AGENT_LIMITS.pageSize, ...(keyWord ? { keyWord } : {}), ...(kind1 ? { kind1 } : {}) };
  return {
    text,
    setText,
    /** Enter: search now. */
    searchNow: () => search(text),
    kind1,
    setKind1: (next: AgentCategoryKey | null) => {
      setKind1(next);
      setPageNo(1);
    },
    pageNo,
    setPageNo,
    query,
  };
}
