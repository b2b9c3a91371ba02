import { useEffect, useMemo, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import type { KnowledgeBase } from '@qiming/sdk/contracts';
import { AgentList } from '../agents/AgentList';
import { InAppLink } from '../chat/InAppLink';
import { usePickerKeys, type PickerKey } from '../chat/usePickerKeys';
import { t } from '../i18n';
import { cardOfBase, matchingBases } from './knowledgeCards';
import { KNOWLEDGE_PAGE_PATH } from './selectedKnowledge';
import type { UsableBases } from './UsableBases';
import agentStyles from '../agents/agents.module.css';
import chatStyles from '../chat/chat.module.css';

interface Props {
  /** What follows the /. */
  query: string;
  bases: UsableBases;
  /** The picker puts its key handler here while shown. */
  keys: RefObject<((key: PickerKey) => void) | null>;
  onPick(base: KnowledgeBase): void;
  onClose(): void;
}

/**
 * The / picker (spec chat §2): the bases the user may use (own first, 我的 / 公开), filtered by
 * title and remark as the query is typed; ↑ ↓ move, Enter or Tab picks. Read again at each opening,
 * so a base just created in the toolbox is there.
 */
const KnowledgePicker = observer(function KnowledgePicker({ query, bases, keys, onPick, onClose }: Props) {
  useEffect(() => void bases.refresh(), [bases]);
  const shown = useMemo(() => matchingBases(bases.list ?? [], query), [bases.list, query]);
  const { current, box } = usePickerKeys(shown, query, keys, onPick, onClose);
  return (
    <div className={agentStyles.picker} ref={box} data-testid="knowledge-picker">
      <h4 className={agentStyles.pickerTitle}>{t('knowledge.pickerTitle')}</h4>
      <AgentList cards={shown.map(cardOfBase)} layout="rows" label={t('knowledge.pickerTitle')} activeIndex={current} onPick={(index) => onPick(shown[index]!)} />
      {shown.length === 0 ? (
        <p className={agentStyles.state} data-testid="knowledge-picker-empty">
          {bases.failed ? t('agents.listFailed') : bases.list === null ? t('common.loading') : bases.list.length === 0 ? t('knowledge.noneYet') : t('knowledge.noMatch')}
          {bases.list === null ? null : (
            <InAppLink href={KNOWLEDGE_PAGE_PATH} className={chatStyles.linkButton}>
              {t('knowledge.create')}
            </InAppLink>
          )}
        </p>
      ) : null}
    </div>
  );
});

export default KnowledgePicker;
