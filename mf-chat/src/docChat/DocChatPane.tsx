import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import type { Reference } from '@qiming/sdk/contracts';
import { LazyMarkdown } from '../markdown/LazyMarkdown';
import { t } from '../i18n';
import type { DocChatSession } from './DocChatSession';
import styles from './docChat.module.css';

export interface DocChatPaneProps {
  session: DocChatSession;
  /** The document can be asked (its index is 已完成). */
  ready: boolean;
  suggestions: string[];
  onCite(reference: Reference): void;
}

const TEXTS = { failed: (message: string) => t('docChat.chat.failed', { message }), stopped: t('docChat.chat.stopped') };

/** The chat on the right: answers from the document (the chat's markdown renderer), each citation a button to its page, suggested questions to start. */
export const DocChatPane = observer(function DocChatPane({ session, ready, suggestions, onCite }: DocChatPaneProps) {
  const [draft, setDraft] = useState('');
  const list = useRef<HTMLDivElement>(null);
  const last = session.messages.at(-1);
  useEffect(() => {
    list.current?.scrollTo({ top: list.current.scrollHeight });
  }, [session.messages.length, last?.text.length]);

  const ask = (text: string) => {
    if (!text.trim() || !ready || session.streaming) return;
    setDraft('');
    void session.send(text, TEXTS);
  };

  return (
    <section className={styles.chat} data-testid="doc-chat-pane" aria-label={t('docChat.tabs.chat')}>
      <div className={styles.messages} ref={list}>
        {session.loading && <p className={styles.hint}>{t('docChat.chat.loading')}</p>}
        {session.messages.length === 0 && !session.loading && (
          <div className={styles.welcome}>
            <p>{ready ? t('docChat.chat.welcome') : t('docChat.chat.notReady')}</p>
            {ready && (
              <ul className={styles.suggestions} data-testid="doc-chat-suggestions">
                {suggestions.map((question) => (
                  <li key={question}>
                    <button type="button" onClick={() => ask(question)}>
                      {question}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {session.messages.map((message, index) => (
          <div key={message.id} className={message.role === 'user' ? styles.question : styles.answer} data-testid={message.role === 'user' ? 'doc-chat-question' : 'doc-chat-answer'}>
            {message.role === 'user' ? (
              <p>{message.text}</p>
            ) : message.failed ? (
              <p role="alert" className={styles.failed}>{message.text}</p>
            ) : message.text ? (
              <LazyMarkdown source={message.text} streaming={session.streaming && index === session.messages.length - 1} />
            ) : (
              <p className={styles.hint}>{t('docChat.chat.thinking')}</p>
            )}
            {message.references.length > 0 && (
              <ol className={styles.citations} aria-label={t('docChat.chat.citations')}>
                {message.references.map((reference) => (
                  <li key={reference.id}>
                    <button type="button" className={styles.citation} data-testid="doc-chat-citation" title={reference.abstract} onClick={() => onCite(reference)}>
                      [{reference.id}] {reference.title}
                    </button>
                  </li>
                ))}
              </ol>
            )}
            {message.offlineDemo && <span className={styles.offline}>{t('docChat.chat.offlineDemo')}</span>}
          </div>
        ))}
      </div>
      <form
        className={styles.composer}
        onSubmit={(event) => {
          event.preventDefault();
          ask(draft);
        }}
      >
        <textarea
          value={draft}
          rows={2}
          maxLength={2000}
          disabled={!ready}
          placeholder={ready ? t('docChat.chat.placeholder') : t('docChat.chat.notReady')}
          aria-label={t('docChat.chat.placeholder')}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              ask(draft);
            }
          }}
        />
        {session.streaming ? (
          <button type="button" className={styles.send} onClick={() => void session.stop()}>
            {t('docChat.chat.stop')}
          </button>
        ) : (
          <button type="submit" className={styles.send} disabled={!ready || !draft.trim()}>
            {t('docChat.chat.send')}
          </button>
        )}
      </form>
    </section>
  );
});
