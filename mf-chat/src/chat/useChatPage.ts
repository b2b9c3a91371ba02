import { useEffect, useMemo, useRef, useState } from 'react';
import { autorun } from 'mobx';
import { useParams, useSearchParams } from 'react-router-dom';
import { chat, eventBus, isAgentCode, knowledgeApi, navigateTo, request, session, settings, STORAGE_KEYS, toasts, useMediaQuery, user } from '@qiming/sdk';
import type { ModelOption } from '@qiming/sdk/contracts';
import { agentCodeOfRoute } from './agentRoute';
import { agentModelOption } from '../agents/agentOption';
import { openAgent } from '../agents/openAgent';
import { ChatStore } from './ChatStore';
import { confirm } from './confirm';
import { useConversationUrl, type UrlChange } from './conversationUrl';
import { preloadVirtualMessages } from './MessageList';
import { takeEarlyConversation } from './earlyConversation';
import { offeredExtensions } from '../extensions/OfferedExtensions';
import { conversationsApi } from '../history/conversationsApi';
import { readFavourites } from '../history/favourites';
import { HistoryStore } from '../history/HistoryStore';
import { openKnowledge } from '../knowledge/openKnowledge';
import { UsableBases } from '../knowledge/UsableBases';
import { useModels } from '../models/useModels';
import { loadHongScenes } from '../roleplay/scenesApi';
import { useHongScene } from '../roleplay/useHongScene';
import { uploadFile } from '../uploads/uploadApi';
import { UploadStore } from '../uploads/UploadStore';
import { t } from '../i18n';

const FALLBACK_MODEL = 'ai3';

function initialModel(options: ModelOption[] | null, requested: string | null): string {
  const stored = window.localStorage.getItem(STORAGE_KEYS.selectedModel);
  const known = (id: string | null) => !!id && (!options || options.some((o) => o.value === id));
  if (known(requested)) return requested!;
  return known(stored) ? stored! : FALLBACK_MODEL;
}

/** The sidebar is part of the layout from 1170 px up, a drawer below (spec chat §2). */
const WIDE = '(min-width: 1170px)';

const askLogin = (content: string) => void confirm({ title: t('chat.loginTitle'), content, okText: t('chat.goLogin'), onOk: () => navigateTo('/loginPage') });

/**
 * The chat page's wiring: its stores on the SDK's clients, the page's URL (`?conv=`, `?model=`,
 * `?hong=`, `?q=`, `?kgId=&kgTitle=`, /chatPage/g-<code>), the text kept from before login, the
 * sidebar's layout and the model or agent chosen.
 */
export function useChatPage() {
  const [params] = useSearchParams();
  const requested = params.get('model');
  const catalogue = useModels();
  const history = useMemo(() => new HistoryStore(conversationsApi), []);
  // The store is made once; the URL's navigate comes from the router on each render.
  const showInUrl = useRef<(convGroupId: string | null, change: UrlChange) => void>(() => undefined);
  const store = useMemo(
    () =>
      new ChatStore(
        {
          send: (body, handlers, signal) => chat.send(body, handlers, { signal }),
          resume: (convId, handlers, after, signal) => chat.resume(convId, handlers, { after, signal }),
          isRunning: (convId) => chat.isRunning(convId),
          stop: (convId) => chat.stop(convId),
          branch: conversationsApi.branch,
          earlyBranch: takeEarlyConversation,
          selectBranch: conversationsApi.selectBranch,
          showInUrl: (convGroupId, change) => showInUrl.current(convGroupId, change),
          refreshSession: () => request.refreshSession(),
          warn: (message) => toasts.warn(message),
          openPay: () => eventBus.emit('pay:open', { reason: 'points' }),
          isSignedIn: () => session.isLoggedIn,
          keepUnsent: (text) => window.localStorage.setItem(STORAGE_KEYS.beforeInputText, text),
          goToLogin: () => navigateTo('/loginPage'),
          onConversation: (id, title, gptsId) => history.upsert(id, title, gptsId),
          settings: () => ({ systemPrompt: window.localStorage.getItem(STORAGE_KEYS.systemPrompt) ?? '', recentChatLen: settings.gptConfig.recentChatLen }),
          offeredExtensions: () => offeredExtensions.list,
        },
        // A ?model= is used from the first render: a message typed before the catalogue arrives goes to it.
        initialModel(null, requested && !isAgentCode(requested) ? requested : null),
      ),
    [history],
  );
  const uploads = useMemo(
    () =>
      new UploadStore({
        isLoggedIn: () => session.isLoggedIn,
        askLogin,
        warn: (message) => toasts.warn(message),
        send: uploadFile,
        attach: (file) => store.attachFile(file),
      }),
    [store],
  );
  const knowledgeBases = useMemo(() => new UsableBases(knowledgeApi.usable), []);
  /** User info exists: agent, favourite and knowledge lists may be fetched (spec chat §9). */
  const signedIn = session.isLoggedIn && user.info !== null;
  const wide = useMediaQuery(WIDE);
  const [sidebarOpen, setSidebarOpen] = useState(wide);
  const [favourites, setFavourites] = useState(readFavourites);

  // The text a signed-out user typed before logging in comes back into the input once.
  useEffect(() => {
    const saved = window.localStorage.getItem(STORAGE_KEYS.beforeInputText);
    window.localStorage.removeItem(STORAGE_KEYS.beforeInputText);
    if (saved) store.setDraft(saved);
  }, [store]);

  // Crossing the breakpoint opens the sidebar on wide screens and closes the drawer on narrow ones.
  useEffect(() => setSidebarOpen(wide), [wide]);

  useEffect(() => {
    if (session.isLoggedIn) void history.reload();
  }, [history]);

  useEffect(() => () => store.dispose(), [store]);

  // The offered extensions are read once something needs them (a remembered selection, an agent's
  // own), so a page that uses none never asks; the dialog reads them when opened.
  useEffect(
    () =>
      autorun(() => {
        if (store.extensions.names.length > 0 || (store.agent?.mcps.length ?? 0) > 0) void offeredExtensions.load();
      }),
    [store],
  );

  // ?model= switches only to a known model, with a toast, once per value: other changes of the URL
  // (a conversation opened) or of the catalogue do not switch again. Otherwise the saved or default
  // one (an agent chosen meanwhile stays: it is not in the catalogue).
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (!catalogue) return;
    store.setModelOptions(catalogue.options);
    const option = catalogue.options.find((o) => o.value === requested);
    // An entry that is a page of its own (a video model, AI PPT…): an old link leads there.
    if (option && !option.path.startsWith('/chatPage')) {
      navigateTo(option.path);
      return;
    }
    if (option && announced.current !== option.value) {
      announced.current = option.value;
      store.setModel(option.value);
      toasts.success(t('chat.modelSwitched', { model: option.label }));
    } else if (!store.agent && !catalogue.options.some((o) => o.value === store.model)) {
      store.setModel(initialModel(catalogue.options, null));
    }
  }, [catalogue, requested, store]);

  // /chatPage/g-<code> opens that agent; so does ?model=<agent code> (share links), with 已切换为…模型.
  // An unknown or hidden agent leaves the default model with the agentMissing notice.
  const { param } = useParams();
  const routeAgent = agentCodeOfRoute(param);
  const queryAgent = params.get('model');
  useEffect(() => {
    if (routeAgent) void openAgent(routeAgent, store, false);
    else if (queryAgent && isAgentCode(queryAgent)) void openAgent(queryAgent, store, true);
  }, [routeAgent, queryAgent, store]);

  useEffect(() => {
    if (signedIn) void knowledgeBases.refresh();
    else knowledgeBases.clear();
  }, [signedIn, knowledgeBases]);

  // ?kgId=&kgTitle= selects that base once the user is known (like ?model=, the query stays in the URL).
  const kgId = params.get('kgId');
  const kgTitle = params.get('kgTitle') ?? '';
  useEffect(() => {
    if (kgId && signedIn) void openKnowledge(kgId, kgTitle, store, () => knowledgeBases.refresh());
  }, [kgId, kgTitle, signedIn, store, knowledgeBases]);

  // ?q= (a starter question picked in the toolbox) fills the input; the user sends it.
  const prefill = params.get('q');
  useEffect(() => {
    if (prefill) store.setDraft(prefill);
  }, [prefill, store]);

  // ?hong= starts a role-play in that scene (from the /hong page).
  const hong = params.get('hong');
  useEffect(() => {
    const code = hong;
    if (!code) return;
    loadHongScenes().then(
      (scenes) => {
        if (scenes.some((s) => s.code === code)) store.newChat(code);
        else toasts.warn(t('hong.sceneMissing'));
      },
      () => toasts.error(t('hong.sceneLoadFailed')),
    );
  }, [hong, store]);
  const hongScene = useHongScene(store.hongCode);

  /** A model, or an agent by its code (a favourite in the sidebar or the agent centre). */
  const chooseModel = (model: string) => {
    if (isAgentCode(model)) {
      void openAgent(model, store, false);
      return;
    }
    // An entry that is a page of its own (AI PPT, 声音复刻, the GPTs directory) leads there instead of chatting.
    const page = catalogue?.options.find((o) => o.value === model)?.path;
    if (page && !page.startsWith('/chatPage')) {
      navigateTo(page);
      return;
    }
    store.setModel(model);
    window.localStorage.setItem(STORAGE_KEYS.selectedModel, model);
  };

  /** A saved conversation was opened: one held with an agent brings that agent back as the current model. */
  const restoreAgent = async () => {
    const code = store.conversation?.group.gptsId ?? null;
    if (code && isAgentCode(code)) {
      if (store.agent?.code !== code) await openAgent(code, store, false);
    } else {
      store.clearAgent();
    }
  };
  // ?conv= opens that conversation (a reload, back / forward, a pasted link); a long one needs the
  // virtual list, fetched beside the conversation.
  const openedByUrl = params.has('conv');
  useEffect(() => {
    if (openedByUrl) preloadVirtualMessages();
  }, [openedByUrl]);
  showInUrl.current = useConversationUrl(store, () => void restoreAgent());

  /** Opens a saved conversation from the history (a new URL). */
  const openConversation = async (convGroupId: string) => {
    preloadVirtualMessages();
    if (await store.openFromHistory(convGroupId)) await restoreAgent();
  };

  /** Signed out, sending leaves the noLogin entry, keeps the text and asks to log in first. */
  const beforeSend = (text: string) => {
    if (store.allowSend(text)) return true;
    askLogin(t('chat.loginRequired'));
    return false;
  };

  /** The 扩展 button: signed out, the login confirm instead of the dialog (spec chat §5). */
  const allowExtensions = () => {
    if (session.isLoggedIn) return true;
    askLogin(t('extensions.loginRequired'));
    return false;
  };

  return {
    store,
    history,
    uploads,
    catalogue,
    option: store.agent ? agentModelOption(store.agent) : catalogue?.options.find((o) => o.value === store.model),
    signedIn,
    /** The bases the user may use; null while signed out. */
    knowledgeBases: signedIn ? knowledgeBases : null,
    openConversation,
    hongScene,
    wide,
    sidebarOpen,
    setSidebarOpen,
    closeIfDrawer: () => !wide && setSidebarOpen(false),
    favourites,
    setFavourites,
    chooseModel,
    beforeSend,
    allowExtensions,
    offeredExtensions,
  };
}
