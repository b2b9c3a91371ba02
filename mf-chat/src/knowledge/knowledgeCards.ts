import type { KnowledgeBase } from '@qiming/sdk/contracts';
import type { AgentCard } from '../agents/AgentList';
import { t } from '../i18n';

/** A base as an entry of the chat's card list: title, remark, 我的 / 公开 and, on cards, its documents. */
export const cardOfBase = (base: KnowledgeBase): AgentCard => ({
  key: base.id,
  name: base.title,
  description: base.remark,
  tag: base.mine ? t('knowledge.mineTag') : t('knowledge.publicTag'),
  note: t('knowledge.documents', { count: base.documentCount }),
});

/** Own bases first (the server sends them first too), then matching title or remark, case-insensitive. */
export function matchingBases(bases: readonly KnowledgeBase[], query: string): KnowledgeBase[] {
  const q = query.trim().toLowerCase();
  return bases
    .filter((base) => !q || base.title.toLowerCase().includes(q) || base.remark.toLowerCase().includes(q))
    .sort((a, b) => Number(b.mine) - Number(a.mine));
}
