import { useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { KnowledgeBase } from '@qiming/sdk/contracts';
import { SignInFirst } from '../chat/SignInFirst';
import { t } from '../i18n';
import { BaseCards } from './BaseCards';
import type { UsableBases } from './UsableBases';
import agentStyles from '../agents/agents.module.css';

const CATEGORIES = ['all', 'mine', 'public'] as const;
type Category = (typeof CATEGORIES)[number];

const EMPTY = { all: 'knowledge.noneYet', mine: 'knowledge.noMine', public: 'knowledge.noPublic' } as const;

const inCategory = (category: Category) => (base: KnowledgeBase) => category === 'all' || base.mine === (category === 'mine');

/** The settings drawer's 知识库 tab (spec chat §2 tab 3): the usable bases as cards under 全部 / 我的 / 公开. */
export const UsableBasesTab = observer(function UsableBasesTab({ bases, onPick }: { bases: UsableBases | null; onPick(base: KnowledgeBase): void }) {
  const [category, setCategory] = useState<Category>('all');
  useEffect(() => void bases?.refresh(), [bases]);
  if (!bases) return <SignInFirst text={t('knowledge.signInFirst')} testId="knowledge-sign-in" />;
  return (
    <div data-testid="usable-bases">
      <div className={agentStyles.categories} role="tablist" aria-label={t('knowledge.categories')}>
        {CATEGORIES.map((key) => (
          <button key={key} type="button" role="tab" aria-selected={key === category} className={key === category ? agentStyles.categoryActive : agentStyles.category} onClick={() => setCategory(key)}>
            {t(`knowledge.category.${key}`)}
          </button>
        ))}
      </div>
      <BaseCards bases={bases.list?.filter(inCategory(category))} failed={bases.failed} empty={t(EMPTY[category])} onPick={onPick} />
    </div>
  );
});
