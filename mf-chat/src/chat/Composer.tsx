import { useEffect, useRef, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import type { ChatStore } from './ChatStore';
import { t } from '../i18n';
import styles from './chat.module.css';

interface Props {
  store: ChatStore;
  /** Returns false when the message may not be sent (signed out). */
  beforeSend(text: string): boolean;
  placeholder?: string;
}

/** The input: autosize 1–15 rows, Enter sends, Shift+Enter a new line; Stop while an answer is generated. */
export const Composer = observer(function Composer({ store, beforeSend, placeholder = t('composer.placeholder') }: Props) {
  const text = store.draft;
  const area = useRef<HTMLTextAreaElement>(null);

  const resize = () => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    const line = parseFloat(getComputedStyle(el).lineHeight) || 22;
    const maxRows = window.innerWidth <= 500 ? 6 : 15;
    el.style.height = `${Math.min(el.scrollHeight, line * maxRows + 16)}px`;
  };

  const send = () => {
    const message = text.trim();
    if (!message || store.busy || !beforeSend(message)) return;
    store.setDraft('');
    void store.send(message);
  };

  // Any change of the text, typed or set from outside (a prompt template), resizes the input.
  useEffect(resize, [text]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={styles.composer}>
      <textarea
        ref={area}
        rows={1}
        value={text}
        placeholder={placeholder}
        aria-label={t('composer.label')}
        onChange={(e) => store.setDraft(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid="composer-input"
      />
      <div className={styles.composerBar}>
        {store.hongCode ? <span /> : (
          <label className={styles.toggle}>
            <input type="checkbox" checked={store.webSearch} onChange={(e) => store.setWebSearch(e.target.checked)} />
            {t('composer.webSearch')}
          </label>
        )}
        {store.busy ? (
          <button type="button" className={styles.stopButton} onClick={() => void store.stop()} data-testid="stop">
            {t('composer.stop')}
          </button>
        ) : (
          <button type="button" className={styles.primary} onClick={send} disabled={!text.trim()} data-testid="send">
            {t('composer.send')}
          </button>
        )}
      </div>
    </div>
  );
});
