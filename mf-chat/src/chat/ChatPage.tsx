import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { canUploadTo, chat, copyText, eventBus, navigateTo, request, session, settings, STORAGE_KEYS, toasts } from '@qiming/sdk';
import type { ModelOption } from '@qiming/sdk/contracts';
import { ChatStore } from './ChatStore';
import { exportConversation } from '../export/exportConversation';
import { uploadFile } from '../uploads/uploadApi';
import { UploadStore } from '../uploads/UploadStore';
import { Composer } from './Composer';
import { confirm } from './confirm';
import { conversationsApi } from '../history/conversationsApi';
import { readFavourites, toggleFavourite } from '../history/favourites';
import { HistoryStore } from '../history/HistoryStore';
import { MessageList } from './MessageList';
import { LiveView } from './MessageView';
import { useStickToBottom } from './useStickToBottom';
import { HongConversation, hongPlaying } from '../roleplay/HongConversation';
import { loadHongScenes } from '../roleplay/scenesApi';
import { useHongScene } from '../roleplay/useHongScene';
import hongStyles from '../roleplay/hong.module.css';
import { ModelSelect } from '../models/ModelSelect';
import type { SettingsTab } from './SettingsDrawer';
import { Sidebar } from '../history/Sidebar';
import { Stars } from '../models/Stars';
import { useModels } from '../models/useModels';
import { t } from '../i18n';
import styles from './chat.module.css';

const FALLBACK_MODEL = 'ai3';
const INTRO_MAX = 300;

/** The welcome view's introduction: cut at 300 characters with an ellipsis (spec chat §2). */
function cutIntro(text: string): string {
  return text.length > INTRO_MAX ? `${text.slice(0, INTRO_MAX)}…` : text;
}
// Loaded when opened: the drawer and its dialog are not part of the chat page's first load.
const SettingsDrawer = lazy(() => import('./SettingsDrawer'));
const ExportDialog = lazy(() => import(/* webpackChunkName: "export-dialog" */ '../export/ExportDialog'));

function initialModel(options: ModelOption[] | null, requested: string | null): string {
  const stored = window.localStorage.getItem(STORAGE_KEYS.selectedModel);
  const known = (id: string | null) => !!id && (!options || options.some((o) => o.value === id));
  if (known(requested)) return requested!;
  return known(stored) ? stored! : FALLBACK_MODEL;
}

/** The sidebar is part of the layout from 1170 px up, a drawer below (spec chat §2). */
const WIDE = '(min-width: 1170px)';

export const ChatPage = observer(function ChatPage() {
  const [params] = useSearchParams();
  const catalogue = useModels();
  const history = useMemo(() => new HistoryStore(conversationsApi), []);
  const store = useMemo(
    () =>
      new ChatStore(
        {
          send: (body, handlers, signal) => chat.send(body, handlers, { signal }),
          resume: (convId, handlers, after, signal) => chat.resume(convId, handlers, { after, signal }),
          isRunning: (convId) => chat.isRunning(convId),
          stop: (convId) => chat.stop(convId),
          tree: conversationsApi.tree,
          selectBranch: conversationsApi.selectBranch,
          refreshSession: () => request.refreshSession(),
          warn: (message) => toasts.warn(message),
          openPay: () => eventBus.emit('pay:open', { reason: 'points' }),
          requireLogin: (unsent) => {
            if (unsent) window.localStorage.setItem(STORAGE_KEYS.beforeInputText, unsent);
            navigateTo('/loginPage');
          },
          onConversation: (id, title) => history.upsert(id, title),
          settings: () => ({ systemPrompt: window.localStorage.getItem(STORAGE_KEYS.systemPrompt) ?? '', recentChatLen: settings.gptConfig.recentChatLen }),
        },
        initialModel(null, null),
      ),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const uploads = useMemo(
    () =>
      new UploadStore({
        isLoggedIn: () => session.isLoggedIn,
        askLogin: (message) => void confirm({ title: t('chat.loginTitle'), content: message, okText: t('chat.goLogin'), onOk: () => navigateTo('/loginPage') }),
        warn: (message) => toasts.warn(message),
        send: uploadFile,
        attach: (file) => store.attachFile(file),
      }),
    [store],
  );
  // The text a signed-out user typed before logging in comes back into the input once.
  useEffect(() => {
    const saved = window.localStorage.getItem(STORAGE_KEYS.beforeInputText);
    window.localStorage.removeItem(STORAGE_KEYS.beforeInputText);
    if (saved) store.setDraft(saved);
  }, [store]);
  const live = store.live;
  const { box, content, away, toBottom, scrollProps } = useStickToBottom();
  // A conversation opened, or a message sent: follow its end again.
  useEffect(toBottom, [toBottom, store.convGroupId, live?.startedAt]);
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  const [sidebarOpen, setSidebarOpen] = useState(wide);
  const [favourites, setFavourites] = useState(readFavourites);
  const [settingsTab, setSettingsTab] = useState<SettingsTab | null>(null);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const onChange = () => {
      setWide(query.matches);
      setSidebarOpen(query.matches);
    };
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (session.isLoggedIn) void history.reload();
  }, [history]);

  useEffect(() => () => store.dispose(), [store]);

  // ?model= switches only to a known model, with a toast; otherwise the saved or default one.
  useEffect(() => {
    if (!catalogue) return;
    const requested = params.get('model');
    const option = catalogue.options.find((o) => o.value === requested);
    if (option && option.value !== store.model) {
      store.setModel(option.value);
      toasts.success(t('chat.modelSwitched', { model: option.label }));
    } else if (!catalogue.options.some((o) => o.value === store.model)) {
      store.setModel(initialModel(catalogue.options, null));
    }
  }, [catalogue, params, store]);

  // ?hong= starts a role-play in that scene (from the /hong page).
  useEffect(() => {
    const code = params.get('hong');
    if (!code) return;
    loadHongScenes().then(
      (scenes) => {
        if (scenes.some((s) => s.code === code)) store.newChat(code);
        else toasts.warn(t('hong.sceneMissing'));
      },
      () => toasts.error(t('hong.sceneLoadFailed')),
    );
  }, [params, store]);
  const hongScene = useHongScene(store.hongCode);

  const chooseModel = (model: string) => {
    store.setModel(model);
    window.localStorage.setItem(STORAGE_KEYS.selectedModel, model);
  };

  const beforeSend = () => {
    if (session.isLoggedIn) return true;
    void confirm({ title: t('chat.loginTitle'), content: t('chat.loginRequired'), okText: t('chat.goLogin'), onOk: () => navigateTo('/loginPage') });
    return false;
  };

  const messages = store.messages;
  const option = catalogue?.options.find((o) => o.value === store.model);
  const favourite = favourites.some((f) => f.value === store.model);
  const closeIfDrawer = () => !wide && setSidebarOpen(false);
  return (
    <div className={styles.layout} data-testid="chat-page">
      {sidebarOpen ? (
        <Sidebar
          history={history}
          activeId={store.convGroupId}
          onOpen={(id) => {
            closeIfDrawer();
            void store.open(id);
          }}
          onNewChat={() => {
            closeIfDrawer();
            store.newChat();
          }}
          favourites={favourites}
          onPickModel={(model) => {
            closeIfDrawer();
            chooseModel(model);
          }}
          overlay={!wide}
          onClose={() => setSidebarOpen(false)}
        />
      ) : null}
      <main className={styles.main}>
        <header className={styles.topBar}>
          <button type="button" className={styles.iconButton} aria-label={sidebarOpen ? t('chat.sidebarCollapse') : t('chat.sidebarExpand')} onClick={() => setSidebarOpen((v) => !v)} data-testid="sidebar-toggle">
            ☰
          </button>
          {catalogue ? <ModelSelect options={catalogue.options} value={store.model} onChange={chooseModel} /> : <span className={styles.empty}>{t('common.loadingModels')}</span>}
          {option ? <span className={styles.price}>{option.modelprice}</span> : null}
          {option ? (
            <span className={styles.topActions}>
              <button
                type="button"
                aria-pressed={favourite}
                onClick={() => {
                  setFavourites(toggleFavourite({ value: option.value, icon: option.icon, label: option.label }));
                  toasts.success(favourite ? t('chat.favouriteRemoved') : t('chat.favouriteAdded'));
                }}
                data-testid="favourite-model"
              >
                {favourite ? t('chat.favourited') : t('chat.favourite')}
              </button>
              <button type="button" onClick={() => void copyText(`${window.location.origin}/chatPage?model=${encodeURIComponent(option.value)}`)}>
                {t('chat.share')}
              </button>
              <button type="button" onClick={() => setSettingsTab('templates')} data-testid="open-templates">
                {t('chat.prompts')}
              </button>
              <button type="button" onClick={() => setSettingsTab('gpt')} data-testid="open-settings">
                {t('chat.settings')}
              </button>
            </span>
          ) : null}
        </header>
        <div className={styles.messages} ref={box} {...scrollProps} data-testid="messages">
          <div ref={content}>
            {store.loadingHistory ? <div className={styles.skeleton} aria-label={t('chat.loadingHistory')} /> : null}
            {hongScene ? <HongConversation store={store} scene={hongScene} /> : null}
          {!hongScene && messages.length === 0 && !live && option ? (
              <div className={styles.welcome} data-testid="welcome">
                <img src={option.icon} alt="" className={styles.welcomeIcon} />
                <h2>{option.label}</h2>
                <Stars value={option.stars} />
                <p>{cutIntro(option.shortIntro)}</p>
                <div className={styles.followUps}>
                  {option.exampleQuestionList.map((q) => (
                    <button type="button" key={q.quetion} onClick={() => beforeSend() && void store.send(q.quetion)}>
                      {q.quetion}
                    </button>
                  ))}
                </div>
              </div>
            ) : null}
            {hongScene ? null : <MessageList store={store} scrollBox={box} onFollowUp={(q) => void store.send(q)} onExport={() => setExporting(true)} />}
            {live && !hongScene ? <LiveView live={live} modelName={option?.label ?? store.model} /> : null}
            {store.notice?.kind === 'error' ? (
              <div className={styles.errorText} data-testid="chat-error">
                {store.notice.message}
                <button type="button" className={styles.linkButton} onClick={() => void store.regenerate()}>
                  {t('chat.regenerate')}
                </button>
              </div>
            ) : null}
            {store.notice?.kind === 'integralNotEnough' ? (
              <div className={styles.errorText} data-testid="integral-not-enough">
                {t('chat.pointsNotEnough')}
              </div>
            ) : null}
            {store.notice?.kind === 'noLogin' ? <div className={styles.errorText}>{t('chat.loginRequired')}</div> : null}
          </div>
        </div>
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
        {hongScene && !hongPlaying(store) ? null : <Composer store={store} beforeSend={beforeSend} uploads={canUploadTo(store.model, option?.canUpload ?? false) ? uploads : undefined} placeholder={hongScene ? t('hong.composerPlaceholder', { name: hongScene.partnerName }) : undefined} />}
        {exporting ? (
          <Suspense fallback={null}>
            <ExportDialog conversation={exportConversation(store, catalogue)} onClose={() => setExporting(false)} />
          </Suspense>
        ) : null}
        {settingsTab ? (
          <Suspense fallback={null}>
            <SettingsDrawer store={store} initialTab={settingsTab} onClose={() => setSettingsTab(null)} />
          </Suspense>
        ) : null}
      </main>
    </div>
  );
});
