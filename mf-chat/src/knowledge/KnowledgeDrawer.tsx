import { useState } from 'react';
import { knowledgeApi, navigateTo, useLoad } from '@qiming/sdk';
import type { KnowledgeBase } from '@qiming/sdk/contracts';
import { SignInFirst } from '../chat/SignInFirst';
import { TabbedDrawer } from '../chat/TabbedDrawer';
import { t } from '../i18n';
import { BaseCards } from './BaseCards';
import { PublicBases } from './PublicBases';
import { KNOWLEDGE_PAGE_PATH } from './selectedKnowledge';

/** spec chat §2's tab numbers: 0 my bases, 1 public (default), 2 create. */
const TABS = [
  { key: 'mine', spec: 0 },
  { key: 'public', spec: 1 },
  { key: 'create', spec: 2 },
] as const;
type TabKey = (typeof TABS)[number]['key'];

interface Props {
  /** User info exists: every knowledge call is signed in (spec chat §9). */
  signedIn: boolean;
  onPick(base: KnowledgeBase): void;
  onClose(): void;
}

function MyBases({ onPick }: { onPick(base: KnowledgeBase): void }) {
  const { data, error } = useLoad(() => knowledgeApi.mine(), []);
  return <BaseCards bases={data} failed={!!error} empty={t('knowledge.noMine')} onPick={onPick} />;
}

/** The knowledge drawer (spec chat §2): 40% wide, full width on phones; a card selects that base and closes. */
export default function KnowledgeDrawer({ signedIn, onPick, onClose }: Props) {
  const [tab, setTab] = useState<Exclude<TabKey, 'create'>>('public');
  const openTab = (key: TabKey) => {
    if (key !== 'create') return setTab(key);
    onClose();
    navigateTo(KNOWLEDGE_PAGE_PATH);
  };
  const pick = (base: KnowledgeBase) => {
    onPick(base);
    onClose();
  };
  return (
    <TabbedDrawer tabs={TABS.map(({ key, spec }) => ({ key, spec, label: t(`knowledge.tab.${key}`) }))} active={tab} onTab={openTab} label={t('knowledge.drawer')} testId="knowledge-drawer" onClose={onClose}>
      {!signedIn ? <SignInFirst text={t('knowledge.signInFirst')} testId="knowledge-sign-in" /> : null}
      {signedIn && tab === 'mine' ? <MyBases onPick={pick} /> : null}
      {signedIn && tab === 'public' ? <PublicBases onPick={pick} /> : null}
    </TabbedDrawer>
  );
}
