import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import type { AgentApp } from '@qiming/sdk/contracts';
import type { ChatStore } from './ChatStore';
import { AgentBanner } from '../agents/AgentBanner';
import type { PickerKey } from '../agents/AgentPicker';
import { mentionAt, withoutMention } from '../agents/mention';
import { pasteLargeText } from './largePaste';
import agentStyles from '../agents/agents.module.css';
import { FileChips, UploadButton } from '../uploads/UploadControl';
import type { UploadStore } from '../uploads/UploadStore';
import { VoiceInput } from '../voice/VoiceInput';
import { t } from '../i18n';
import styles from './chat.module.css';

// The @ picker's list loads when @ is first typed.
const AgentPicker = lazy(() => import(/* webpackChunkName: "agent-picker" */ '../agents/AgentPicker'));

const PICKER_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Enter', 'Escape']);

interface Props {
  store: ChatStore;
  /** Returns false when the message may not be sent (signed out). */
  beforeSend(text: string): boolean;
  placeholder?: string;
  /** Present when the model takes files (spec chat §2 upload control). */
  uploads?: UploadStore;
  /** User info exists: the @ picker lists my agents and favourites too (spec chat §9). */
  signedIn: boolean;
  /** An agent picked with @ becomes the current model. */
  onPickAgent(app: AgentApp): void;
  /** The 智能体 button: the agent centre. */
  onOpenAgents(): void;
}

/**
 * The input: autosize 1–15 rows, Enter sends, Shift+Enter a new line; Stop while an answer is
 * generated. Typing @ opens the agent picker; the agent chosen shows in a banner above the text.
 */
export const Composer = observer(function Composer({ store, beforeSend, placeholder = t('composer.placeholder'), uploads, signedIn, onPickAgent, onOpenAgents }: Props) {
  const text = store.draft;
  const area = useRef<HTMLTextAreaElement>(null);
  const agents = !store.hongCode;

  // The caret while the input has focus (null otherwise): the @query is read before it.
  const [caret, setCaret] = useState<number | null>(null);
  // The @ whose picker Esc closed stays closed until another @ is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const mention = agents && caret !== null ? mentionAt(text, caret) : null;
  const pickerOpen = mention !== null && mention.start !== dismissedAt;
  const pickerKeys = useRef<((key: PickerKey) => void) | null>(null);
  const caretAfterPick = useRef<number | null>(null);
  useEffect(() => {
    if (!mention) setDismissedAt(null);
  }, [mention === null]);
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null) return;
    caretAfterPick.current = null;
    area.current?.setSelectionRange(at, at);
  }, [text]);
  const readCaret = () => setCaret(area.current?.selectionStart ?? null);

  const pickAgent = (app: AgentApp) => {
    if (mention) {
      const next = withoutMention(text, mention);
      caretAfterPick.current = next.caret;
      setCaret(next.caret);
      store.setDraft(next.text);
    }
    onPickAgent(app);
  };

  // What the last resize saw: a box already at its maximum that only got more text stays at it, so a
  // large input is not laid out twice on every key (measuring means collapsing it to 'auto' first).
  const last = useRef({ length: 0, atMax: false });

  const resize = () => {
    const el = area.current;
    if (!el) return;
    const grew = text.length >= last.current.length;
    last.current.length = text.length;
    if (grew && last.current.atMax) return;
    el.style.height = 'auto';
    const line = parseFloat(getComputedStyle(el).lineHeight) || 22;
    const maxHeight = line * (window.innerWidth <= 500 ? 6 : 15) + 16;
    last.current.atMax = el.scrollHeight >= maxHeight;
    el.style.height = `${Math.min(el.scrollHeight, maxHeight)}px`;
  };

  const send = () => {
    const message = text.trim();
    if (!message || store.busy || !beforeSend(message)) return;
    store.setDraft('');
    void store.send(message);
  };

  // Any change of the text, typed or set from outside (a prompt template), resizes the input.
  useEffect(resize, [text]);

  // spec chat §2: pasting a file uploads it; a large text goes in at once (largePaste.ts).
  const onPaste = (event: React.ClipboardEvent<HTMLTextAreaElement>) => {
    const file = event.clipboardData.files[0];
    if (file && uploads) {
      event.preventDefault();
      void uploads.upload(file, store.model);
      return;
    }
    const input = event.currentTarget;
    if (!file && pasteLargeText(input, event.clipboardData.getData('text/plain'))) {
      event.preventDefault();
      store.setDraft(input.value);
      setCaret(input.selectionStart);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (pickerOpen && PICKER_KEYS.has(event.key) && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (event.key === 'Escape') setDismissedAt(mention.start);
      else pickerKeys.current?.(event.key as PickerKey);
      return;
    }
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };

  return (
    <div className={styles.composer}>
      {pickerOpen ? (
        <Suspense fallback={null}>
          <AgentPicker query={mention.query} signedIn={signedIn} keys={pickerKeys} onPick={pickAgent} onClose={() => setDismissedAt(mention.start)} />
        </Suspense>
      ) : null}
      {agents && store.agent ? <AgentBanner agent={store.agent} onRemove={() => store.clearAgent()} /> : null}
      <textarea
        ref={area}
        rows={1}
        value={text}
        placeholder={placeholder}
        aria-label={t('composer.label')}
        aria-expanded={pickerOpen}
        onChange={(e) => {
          store.setDraft(e.target.value);
          setCaret(e.target.selectionStart);
        }}
        onSelect={readCaret}
        onFocus={readCaret}
        onBlur={() => setCaret(null)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        data-testid="composer-input"
      />
      {uploads && !store.busy ? (
        <FileChips files={store.files} onRemove={(index) => store.removeFile(index)} onPrompt={(prompt) => beforeSend(prompt) && void store.send(prompt)} />
      ) : null}
      <div className={styles.composerBar}>
        {store.hongCode ? <span /> : (
          <span className={styles.tools}>
            <button type="button" className={agentStyles.openCentre} onClick={onOpenAgents} data-testid="open-agents">
              {t('agents.open')}
            </button>
            {uploads ? <UploadButton uploads={uploads} model={store.model} /> : null}
            <VoiceInput beforeRecord={() => beforeSend('')} onText={(spoken) => store.setDraft(store.draft ? `${store.draft}${spoken}` : spoken)} />
            <label className={styles.toggle} title={store.canWebSearch ? undefined : t('composer.webSearchUnavailable')}>
              <input type="checkbox" checked={store.webSearch && store.canWebSearch} disabled={!store.canWebSearch} onChange={(e) => store.setWebSearch(e.target.checked)} data-testid="web-search" />
              {t('composer.webSearch')}
            </label>
          </span>
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
