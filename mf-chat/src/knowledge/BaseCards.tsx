import type { KnowledgeBase } from '@qiming/sdk/contracts';
import { AgentList } from '../agents/AgentList';
import { t } from '../i18n';
import { cardOfBase } from './knowledgeCards';
import agentStyles from '../agents/agents.module.css';

interface Props {
  /** undefined while loading. */
  bases: readonly KnowledgeBase[] | undefined | null;
  failed: boolean;
  empty: string;
  onPick(base: KnowledgeBase): void;
}

/** Knowledge bases as cards (title, remark, 我的 / 公开, documents) with the loading, failure and empty states. */
export function BaseCards({ bases, failed, empty, onPick }: Props) {
  if (failed) return <p className={agentStyles.state}>{t('agents.listFailed')}</p>;
  if (!bases) return <p className={agentStyles.state}>{t('common.loading')}</p>;
  if (bases.length === 0) return <p className={agentStyles.state}>{empty}</p>;
  return <AgentList cards={bases.map(cardOfBase)} layout="cards" label={t('knowledge.bases')} onPick={(index) => onPick(bases[index]!)} />;
}
