import { useState } from 'react';
import { agentsApi, navigateTo } from '@qiming/sdk';
import type { AgentApp, FavouriteApp } from '@qiming/sdk/contracts';
import { cardOfAgent, cardOfFavourite } from './AgentList';
import { AgentPages } from './AgentPages';
import { AGENT_PAGE_SIZE } from './listing';
import { PublicAgents } from './PublicAgents';
import { SignInFirst } from '../chat/SignInFirst';
import { TabbedDrawer } from '../chat/TabbedDrawer';
import { t } from '../i18n';

/** spec chat §2's tab numbers: 0 my agents, 1 public (default), 3 my favourites, 2 create. */
const TABS = [
  { key: 'mine', spec: 0 },
  { key: 'public', spec: 1 },
  { key: 'favourites', spec: 3 },
  { key: 'create', spec: 2 },
] as const;
type ListTab = Exclude<(typeof TABS)[number]['key'], 'create'>;

/** Where agents are created and collected (the toolbox's page). */
export const CREATE_AGENT_PATH = '/toolBox/coll2';

interface Props {
  /** User info exists: only then are my agents and favourites fetched (spec chat §9). */
  signedIn: boolean;
  onAgent(app: AgentApp): void;
  /** A favourite that is a plain model (or an agent since deleted: the page says so). */
  onModel(code: string): void;
  modelIcon(code: string): string | undefined;
  onClose(): void;
}

/** The agent centre (spec chat §2): 40% wide, full width on phones; picking an agent makes it the current model and closes. */
export default function AgentCentreDrawer({ signedIn, onAgent, onModel, modelIcon, onClose }: Props) {
  const [tab, setTab] = useState<ListTab>('public');
  const openTab = (key: (typeof TABS)[number]['key']) => {
    if (key !== 'create') return setTab(key);
    onClose();
    navigateTo(CREATE_AGENT_PATH);
  };
  const pickAgent = (app: AgentApp) => {
    onAgent(app);
    onClose();
  };
  const pickFavourite = (favourite: FavouriteApp) => {
    if (favourite.app) onAgent(favourite.app);
    else onModel(favourite.code);
    onClose();
  };
  return (
    <TabbedDrawer tabs={TABS.map(({ key, spec }) => ({ key, spec, label: t(`agents.tab.${key}`) }))} active={tab} onTab={openTab} label={t('agents.centre')} testId="agent-centre" onClose={onClose}>
      {tab === 'public' ? <PublicAgents onPick={pickAgent} /> : null}
      {tab !== 'public' && !signedIn ? <SignInFirst text={t('agents.signInFirst')} testId="agents-sign-in" /> : null}
      {tab === 'mine' && signedIn ? (
        <AgentPages key="mine" load={(pageNo) => agentsApi.mine({ pageNo, pageSize: AGENT_PAGE_SIZE })} toCard={cardOfAgent} onPick={pickAgent} label={t('agents.mine')} empty={t('agents.noMine')} />
      ) : null}
      {tab === 'favourites' && signedIn ? (
        <AgentPages
          key="favourites"
          load={(pageNo) => agentsApi.favourites({ pageNo, pageSize: AGENT_PAGE_SIZE })}
          toCard={(favourite) => cardOfFavourite(favourite, modelIcon)}
          onPick={pickFavourite}
          label={t('agents.favourites')}
          empty={t('agents.noFavourites')}
        />
      ) : null}
    </TabbedDrawer>
  );
}
