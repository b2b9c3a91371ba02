import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { isImageOrVideoModel, toasts } from '@qiming/sdk';
import type { AgentApp, KnowledgeBase } from '@qiming/sdk/contracts';
import type { ChatStore } from './ChatStore';
import { AgentBanner } from '../agents/AgentBanner';
import type { PickerKey } from './usePickerKeys';
import { mentionAt, withoutMention, type Mention } from '../agents/mention';
import { ExtensionButton } from '../extensions/ExtensionButton';
import { ExtensionChips } from '../extensions/ExtensionChips';
import { KnowledgeBanner } from '../knowledge/KnowledgeBanner';
import { slashAt } from '../knowledge/slash';
import type { UsableBases } from '../knowledge/UsableBases';
import { pasteLargeText } from './largePaste';
import agentStyles from '../agents/agents.module.css';
import { FileChips, UploadButton } from '../uploads/UploadControl';
import type { UploadStore } from '../uploads/UploadStore';
import { VoiceInput } from '../voice/VoiceInput';
import { t } from '../i18n';
import styles from './chat.module.css';

// The pickers' lists load when @ or / is first typed.
const AgentPicker = lazy(() => import(/* webpackChunkName: "agent-picker" */ '../agents/AgentPicker'));
const KnowledgePicker = lazy(() => import(/* webpackChunkName: "knowledge-picker" */ '../knowledge/KnowledgePicker'));

const PICKER_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Enter', 'Tab', 'Escape']);

/** What the text before the caret opens: the @ agent picker or the / knowledge picker. */
type Trigger = Mention & { kind: 'agent' | 'knowledge' };
const triggerKey = (trigger: Trigger) => `${trigger.kind}:${trigger.start}`;

function triggerAt(text: string, caret: number | null, extras: boolean, knowledge: boolean): Trigger | null {
  if (!extras || caret === null) return null;
  const mention = mentionAt(text, caret);
  if (mention) return { ...mention, kind: 'agent' };
  const slash = knowledge ? slashAt(text, caret) : null;
  return slash ? { ...slash, kind: 'knowledge' } : null;
}

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
  /** The bases / offers; null while signed out (then / is plain text: spec chat §9). */
  knowledgeBases: UsableBases | null;
  /** A base picked with / is what answers draw on. */
  onPickKnowledge(base: KnowledgeBase): void;
  /** The 知识库 button: the knowledge drawer. */
  onOpenKnowledge(): void;
  /** The 扩展 button: the extension dialog (signed in). */
  onOpenExtensions(): void;
}

/** Why 联网搜索 cannot be switched on: said on a tap too, since a title never shows on a phone. */
const webSearchUnavailable = (store: ChatStore) => t(store.agent ? 'composer.webSearchAgent' : 'composer.webSearchUnavailable');

/**
 * The input: autosize 1–15 rows, Enter sends, Shift+Enter a new line; Stop while an answer is
 * generated. Typing @ opens the agent picker and / the knowledge picker; the agent and the base
 * chosen show in banners above the text.
 */
export const Composer = observer(function Composer({ store, beforeSend, placeholder = t('composer.placeholder'), uploads, signedIn, onPickAgent, onOpenAgents, knowledgeBases, onPickKnowledge, onOpenKnowledge, onOpenExtensions }: Props) {
  const text = store.draft;
  const area = useRef<HTMLTextAreaElement>(null);
  // Role-play brings its own partner: no agents or knowledge bases there.
  const extras = !store.hongCode;
  // Image and video models take no extensions (the SDK leaves them out of what is sent).
  const extensions = extras && !isImageOrVideoModel(store.model) ? store.extensionsInUse : null;

  // The caret while the input has focus (null otherwise): the @query or /query is read before it.
  const [caret, setCaret] = useState<number | null>(null);
  // The @ or / whose picker Esc closed stays closed until another one is typed.
  const [dismissed, setDismissed] = useState<string | null>(null);
  const trigger = triggerAt(text, caret, extras, knowledgeBases !== null);
  const pickerOpen = trigger !== null && triggerKey(trigger) !== dismissed;
  const pickerKeys = useRef<((key: PickerKey) => void) | null>(null);
  const caretAfterPick = useRef<number | null>(null);
  useEffect(() => {
    if (!trigger) setDismissed(null);
  }, [trigger === null]);
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null) return;
    caretAfterPick.current = null;
    area.current?.setSelectionRange(at, at);
  }, [text]);
  const readCaret = () => setCaret(area.current?.selectionStart ?? null);

  /** The @query or /query leaves the text; the rest of it stays. */
  const removeTrigger = () => {
    if (!trigger) return;
    const next = withoutMention(text, trigger);
    caretAfterPick.current = next.caret;
    setCaret(next.caret);
    store.setDraft(next.text);
  };
  const pickAgent = (app: AgentApp) => {
    removeTrigger();
    onPickAgent(app);
  };
  const pickKnowledge = (base: KnowledgeBase) => {
    removeTrigger();
    onPickKnowledge(base);
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
      if (event.key === 'Escape') setDismissed(triggerKey(trigger));
      else pickerKeys.current?.(event.key === 'Tab' ? 'Enter' : (event.key as PickerKey));
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
          {trigger.kind === 'agent' ? (
            <AgentPicker query={trigger.query} signedIn={signedIn} keys={pickerKeys} onPick={pickAgent} onClose={() => setDismissed(triggerKey(trigger))} />
          ) : (
            <KnowledgePicker query={trigger.query} bases={knowledgeBases!} keys={pickerKeys} onPick={pickKnowledge} onClose={() => setDismissed(triggerKey(trigger))} />
          )}
        </Suspense>
      ) : null}
      {extras && store.agent ? <AgentBanner agent={store.agent} onRemove={() => store.clearAgent()} /> : null}
      {extras && store.knowledge ? <KnowledgeBanner knowledge={store.knowledge} onRemove={() => store.clearKnowledge()} /> : null}
      {extensions ? <ExtensionChips inUse={extensions} onRemove={(name) => store.removeExtension(name)} /> : null}
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
            <button type="button" className={agentStyles.openCentre} onClick={onOpenKnowledge} data-testid="open-knowledge">
              {t('knowledge.open')}
            </button>
            {extensions ? <ExtensionButton count={extensions.chosen.length} onOpen={onOpenExtensions} /> : null}
            {uploads ? <UploadButton uploads={uploads} model={store.model} /> : null}
            <VoiceInput beforeRecord={() => beforeSend('')} onText={(spoken) => store.setDraft(store.draft ? `${store.draft}${spoken}` : spoken)} />
            <label className={store.canWebSearch ? styles.toggle : styles.toggleUnavailable} title={store.canWebSearch ? undefined : webSearchUnavailable(store)}>
              <input
                type="checkbox"
                checked={store.webSearch && store.canWebSearch}
                aria-disabled={!store.canWebSearch}
                onClick={(e) => {
                  if (store.canWebSearch) return;
                  // Not `disabled`: a disabled box gets no tap, and the tap is where the reason is told.
                  e.preventDefault();
                  toasts.info(webSearchUnavailable(store));
                }}
                onChange={(e) => store.canWebSearch && store.setWebSearch(e.target.checked)}
                data-testid="web-search"
              />
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
