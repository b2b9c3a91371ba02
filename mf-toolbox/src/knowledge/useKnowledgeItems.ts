import { useEffect } from 'react';
import { useLoad } from '@qiming/sdk';
import { useToolboxApi } from '../api/toolboxApi';
import { isPending } from './format';

/** How often the documents are read again while one is 排队中 or 解析中. */
export const POLL_MS = 2000;

/** A base's documents, read again every 2 s while any is still being indexed (and never after unmount). */
export function useKnowledgeItems(knowledgeId: string) {
  const api = useToolboxApi();
  const loaded = useLoad(() => api.knowledge.items(knowledgeId), [api, knowledgeId]);
  const { data, loading, refresh } = loaded;
  const waiting = !loading && (data ?? []).some(isPending);

  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(refresh, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, data, refresh]);

  return loaded;
}
