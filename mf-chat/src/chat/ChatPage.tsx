import { lazy, Suspense, useEffect, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { canUploadTo } from '@qiming/sdk';
import { ChatNotice } from './ChatNotice';
import { Composer } from './Composer';
import { MessageList } from './MessageList';
import type { SettingsTab } from './SettingsDrawer';
import { TopBar } from './TopBar';
import { useChatPage } from './useChatPage';
import { useEarlierMessages } from './useEarlierMessages';
import { useStickToBottom } from './useStickToBottom';
import { Welcome } from './Welcome';
import { AgentWelcome } from '../agents/AgentWelcome';
import type { SelectedKnowledge } from '../knowledge/selectedKnowledge';
import { exportConversation } from '../export/exportConversation';
import { modelDisplayName } from '../models/modelDisplayName';
import { Sidebar } from '../history/Sidebar';
import { HongConversation, hongPlaying } from '../roleplay/HongConversation';
import hongStyles from '../roleplay/hong.module.css';
import { t } from '../i18n';
import styles from './chat.module.css';

// Loaded when opened: the drawer and its dialog are not part of the chat page's first load.
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));
const ExportDialog = lazy(() => import(/* webpackChunkName: "export-dialog" */ '../export/ExportDialog'));
const AgentCentreDrawer = lazy(() => import(/* webpackChunkName: "agent-centre" */ '../agents/AgentCentreDrawer'));
const KnowledgeDrawer = lazy(() => import(/* webpackChunkName: "knowledge-drawer" */ '../knowledge/KnowledgeDrawer'));
const ExtensionDialog = lazy(() => import(/* webpackChunkName: "extension-dialog" */ '../extensions/ExtensionDialog'));

export const ChatPage = observer(function ChatPage() {
  const page = useChatPage();
  const { store, catalogue, option, hongScene } = page;
  const { box, content, away, toBottom, scrollProps } = useStickToBottom();
  // A conversation opened, or a message sent: follow its end again.
  useEffect(toBottom, [toBottom, store.convGroupId, store.liveStartedAt]);
  const earlier = useEarlierMessages(box, store);
  const [settingsTab, setSettingsTab] = useState<SettingsTab | null>(null);
  const [exporting, setExporting] = useState(false);
  const [agentCentre, setAgentCentre] = useState(false);
  const [knowledgeDrawer, setKnowledgeDrawer] = useState(false);
  const [extensionDialog, setExtensionDialog] = useState(false);
  const selectKnowledge = (base: SelectedKnowledge) => store.selectKnowledge(base);
  const welcome = store.agent ? (
    <AgentWelcome agent={store.agent} onAsk={(q) => page.beforeSend(q) && void store.send(q)} />
  ) : option ? (
    <Welcome option={option} onAsk={(q) => page.beforeSend(q) && void store.send(q)} />
  ) : null;
  // An agent's answers are headed by its name, not its code.
  const nameOf = (model: string) => (store.agent?.code === model ? store.agent.appName : modelDisplayName(model, catalogue));

  return (
    <div className={styles.layout} data-testid="chat-page">
      {page.sidebarOpen ? (
        <Sidebar
          history={page.history}
          activeId={store.routeGroupId}
          onOpen={(id) => {
            page.closeIfDrawer();
            void page.openConversation(id);
          }}
          onNewChat={() => {
            page.closeIfDrawer();
            store.newChat();
          }}
          onDeleted={(id) => store.conversationDeleted(id)}
          favourites={page.favourites}
          onPickModel={(model) => {
            page.closeIfDrawer();
            page.chooseModel(model);
          }}
          overlay={!page.wide}
          onClose={() => page.setSidebarOpen(false)}
        />
      ) : null}
      <main className={styles.main}>
        <TopBar
          sidebarOpen={page.sidebarOpen}
          onToggleSidebar={() => page.setSidebarOpen((v) => !v)}
          catalogue={catalogue}
          model={store.model}
          option={option}
          onChooseModel={page.chooseModel}
          knowledge={page.knowledgeBases ? { bases: page.knowledgeBases.mine, selectedId: store.knowledge?.id ?? null, onPick: selectKnowledge } : undefined}
          favourites={page.favourites}
          onFavourites={page.setFavourites}
          onOpenSettings={setSettingsTab}
          signedIn={page.signedIn}
        />
        <div
          className={styles.messages}
          ref={box}
          {...scrollProps}
          onScroll={() => {
            scrollProps.onScroll();
            earlier.onScroll();
          }}
          data-testid="messages"
        >
          <div ref={content}>
            {store.loadingHistory ? <div className={styles.skeleton} aria-label={t('chat.loadingHistory')} /> : null}
            {hongScene ? <HongConversation store={store} scene={hongScene} /> : null}
            {!hongScene && store.messages.length === 0 && !store.busy && !store.loadingHistory ? welcome : null}
            {hongScene ? null : <MessageList store={store} scrollBox={box} onFollowUp={(q) => void store.send(q)} onExport={() => void store.loadWholeBranch().then(() => setExporting(true))} nameOf={nameOf} />}
            <ChatNotice store={store} />
          </div>
        </div>
        {store.loadingEarlier ? (
          <div className={styles.loadingEarlier} role="status" data-testid="loading-earlier">
            {t('chat.loadingEarlier')}
          </div>
        ) : null}
        {away && !store.busy && !store.loadingHistory ? (
          <button type="button" className={styles.toBottom} onClick={toBottom} aria-label={t('chat.toBottom')}>
            ↓
          </button>
        ) : null}
        {hongScene ? (
          <div className={hongStyles.banner} data-testid="hong-banner">
            {t('hong.banner', { title: hongScene.title })}
            <button type="button" aria-label={t('hong.exit')} onClick={() => store.newChat()}>
              ✕
            </button>
          </div>
        ) : null}
        {hongScene && !hongPlaying(store) ? null : (
          <Composer
            store={store}
            beforeSend={page.beforeSend}
            uploads={canUploadTo(store.model, option?.canUpload ?? false) ? page.uploads : undefined}
            placeholder={hongScene ? t('hong.composerPlaceholder', { name: hongScene.partnerName }) : undefined}
            signedIn={page.signedIn}
            onPickAgent={(app) => store.selectAgent(app)}
            onOpenAgents={() => setAgentCentre(true)}
            knowledgeBases={page.knowledgeBases}
            onPickKnowledge={selectKnowledge}
            onOpenKnowledge={() => setKnowledgeDrawer(true)}
            onOpenExtensions={() => page.allowExtensions() && setExtensionDialog(true)}
          />
        )}
        {exporting ? (
          <Suspense fallback={null}>
            <ExportDialog conversation={exportConversation(store, catalogue)} onClose={() => setExporting(false)} />
          </Suspense>
        ) : null}
        {settingsTab ? (
          <Suspense fallback={null}>
            <SettingsDrawer store={store} knowledgeBases={page.knowledgeBases} initialTab={settingsTab} onClose={() => setSettingsTab(null)} />
          </Suspense>
        ) : null}
        {agentCentre ? (
          <Suspense fallback={null}>
            <AgentCentreDrawer
              signedIn={page.signedIn}
              onAgent={(app) => store.selectAgent(app)}
              onModel={page.chooseModel}
              modelIcon={(code) => catalogue?.options.find((o) => o.value === code)?.icon}
              onClose={() => setAgentCentre(false)}
            />
          </Suspense>
        ) : null}
        {extensionDialog ? (
          <Suspense fallback={null}>
            <ExtensionDialog
              offered={page.offeredExtensions}
              selected={store.extensionsInUse.chosen.map((info) => info.mcpName)}
              fixed={store.extensionsInUse.fixed.map((info) => info.mcpName)}
              onConfirm={(names) => store.extensions.set(names)}
              onClose={() => setExtensionDialog(false)}
            />
          </Suspense>
        ) : null}
        {knowledgeDrawer ? (
          <Suspense fallback={null}>
            <KnowledgeDrawer signedIn={page.signedIn} onPick={selectKnowledge} onClose={() => setKnowledgeDrawer(false)} />
          </Suspense>
        ) : null}
      </main>
    </div>
  );
});
