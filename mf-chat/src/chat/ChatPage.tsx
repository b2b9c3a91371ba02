import { useEffect, useMemo, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { useSearchParams } from 'react-router-dom';
import { chat, eventBus, navigateTo, request, session, settings, STORAGE_KEYS, toasts } from '@qiming/sdk';
import { Modal } from '@qiming/sdk/ui/feedback';
import type { ModelOption } from '@qiming/sdk/contracts';
import { ChatStore } from './ChatStore';
import { Composer } from './Composer';
import { conversationsApi } from './conversationsApi';
import { HistoryStore } from './HistoryStore';
import { LiveView, MessageView } from './MessageView';
import { ModelSelect } from './ModelSelect';
import { Sidebar } from './Sidebar';
import { useModels } from './useModels';
import styles from './chat.module.css';

/** spec chat §5 default system prompt: the server applies it when none is saved. */
const FALLBACK_MODEL = 'ai3';

function initialModel(options: ModelOption[] | null, requested: string | null): string {
  const stored = window.localStorage.getItem(STORAGE_KEYS.selectedModel);
  const known = (id: string | null) => !!id && (!options || options.some((o) => o.value === id));
  if (known(requested)) return requested!;
  return known(stored) ? stored! : FALLBACK_MODEL;
}

/** Follows the stream unless the user scrolled away (350 px). */
function useAutoScroll(deps: unknown[]) {
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, deps); // eslint-disable-line react-hooks/exhaustive-deps
  const onScroll = () => {
    const el = box.current;
    if (el) pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 350;
  };
  return { box, onScroll, toBottom: () => box.current && (box.current.scrollTop = box.current.scrollHeight) };
}

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
  const [savedInput] = useState(() => {
    const text = window.localStorage.getItem(STORAGE_KEYS.beforeInputText) ?? '';
    window.localStorage.removeItem(STORAGE_KEYS.beforeInputText);
    return text;
  });
  const live = store.live;
  const { box, onScroll } = useAutoScroll([store.messages.length, live?.text.length, live?.reasoning.length]);

  useEffect(() => {
    if (session.isLoggedIn) void history.reload();
  }, [history]);

  // ?model= switches only to a known model, with a toast; otherwise the saved or default one.
  useEffect(() => {
    if (!catalogue) return;
    const requested = params.get('model');
    const option = catalogue.options.find((o) => o.value === requested);
    if (option && option.value !== store.model) {
      store.setModel(option.value);
      toasts.success(`已切换为${option.label}模型`);
    } else if (!catalogue.options.some((o) => o.value === store.model)) {
      store.setModel(initialModel(catalogue.options, null));
    }
  }, [catalogue, params, store]);

  const chooseModel = (model: string) => {
    store.setModel(model);
    window.localStorage.setItem(STORAGE_KEYS.selectedModel, model);
  };

  const beforeSend = () => {
    if (session.isLoggedIn) return true;
    Modal.confirm({
      title: '提示',
      content: '请在登录后发起聊天',
      okText: '去登录',
      cancelText: '取消',
      onOk: () => navigateTo('/loginPage'),
    });
    return false;
  };

  const messages = store.messages;
  const option = catalogue?.options.find((o) => o.value === store.model);
  return (
    <div className={styles.layout} data-testid="chat-page">
      <Sidebar history={history} activeId={store.convGroupId} onOpen={(id) => void store.open(id)} onNewChat={() => store.newChat()} />
      <main className={styles.main}>
        <header className={styles.topBar}>
          {catalogue ? <ModelSelect options={catalogue.options} value={store.model} onChange={chooseModel} /> : <span className={styles.empty}>正在加载模型…</span>}
          {option ? <span className={styles.price}>{option.modelprice}</span> : null}
        </header>
        <div className={styles.messages} ref={box} onScroll={onScroll} data-testid="messages">
          {store.loadingHistory ? <div className={styles.skeleton} aria-label="加载中" /> : null}
          {messages.length === 0 && !live && option ? (
            <div className={styles.welcome} data-testid="welcome">
              <img src={option.icon} alt="" className={styles.welcomeIcon} />
              <h2>{option.label}</h2>
              <p>{option.shortIntro.slice(0, 300)}</p>
              <div className={styles.followUps}>
                {option.exampleQuestionList.map((q) => (
                  <button type="button" key={q.quetion} onClick={() => beforeSend() && void store.send(q.quetion)}>
                    {q.quetion}
                  </button>
                ))}
              </div>
            </div>
          ) : null}
          {messages.map((message, index) => (
            <MessageView key={message.node.convId} store={store} message={message} isLast={index === messages.length - 1 && !live} onFollowUp={(q) => void store.send(q)} />
          ))}
          {live ? <LiveView live={live} modelName={option?.label ?? store.model} /> : null}
          {store.notice?.kind === 'error' ? (
            <div className={styles.errorText} data-testid="chat-error">
              {store.notice.message}
              <button type="button" className={styles.linkButton} onClick={() => void store.regenerate()}>
                重新生成
              </button>
            </div>
          ) : null}
          {store.notice?.kind === 'integralNotEnough' ? (
            <div className={styles.errorText} data-testid="integral-not-enough">
              当前积分不足，请充值、签到或邀请好友获取积分后再试。
            </div>
          ) : null}
          {store.notice?.kind === 'noLogin' ? <div className={styles.errorText}>请在登录后发起聊天</div> : null}
        </div>
        <Composer store={store} beforeSend={beforeSend} initialText={savedInput} />
      </main>
    </div>
  );
});
