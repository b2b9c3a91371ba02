import { toasts } from '@qiming/sdk';
import type { KnowledgeBase } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import type { SelectedKnowledge } from './selectedKnowledge';

/** What opening a knowledge base changes on the chat page (the chat store). */
export interface KnowledgeTarget {
  readonly knowledge: SelectedKnowledge | null;
  selectKnowledge(knowledge: SelectedKnowledge): void;
  clearKnowledge(): void;
}

/**
 * `/chatPage?kgId=&kgTitle=`: the base is selected at once under the link's title, then checked
 * against the bases the user may use (`usable`, getMyKnowledge2) — found, it takes the server's
 * title; unknown or another user's private base, the page says 知识库不存在或无权访问 and nothing
 * stays selected. If the list cannot be read, the link's choice stays (sending will tell). A base the
 * user chose meanwhile is left alone. True when the base is selected.
 */
export async function openKnowledge(id: string, title: string, target: KnowledgeTarget, usable: () => Promise<KnowledgeBase[] | null>): Promise<boolean> {
  target.selectKnowledge({ id, title });
  const list = await usable();
  if (target.knowledge?.id !== id) return false;
  if (list === null) return true;
  const base = list.find((candidate) => candidate.id === id);
  if (base) {
    target.selectKnowledge(base);
    return true;
  }
  target.clearKnowledge();
  toasts.warn(t('knowledge.missing'));
  return false;
}
