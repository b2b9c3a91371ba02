import { InputBanner } from '../chat/InputBanner';
import { t } from '../i18n';
import type { SelectedKnowledge } from './selectedKnowledge';

/** The knowledge base answers draw on, above the input (spec chat §2); × stops using it. */
export function KnowledgeBanner({ knowledge, onRemove }: { knowledge: SelectedKnowledge; onRemove(): void }) {
  return <InputBanner text={t('knowledge.using', { title: knowledge.title || '…' })} removeLabel={t('knowledge.remove')} onRemove={onRemove} testId="knowledge-banner" />;
}
