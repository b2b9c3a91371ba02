import { useEffect, useRef, useState, type FormEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { isImageOrVideoModel, navigateTo, session } from '@qiming/sdk';
import type { ModelOption } from '@qiming/sdk/contracts';
import { Button } from '@qiming/sdk/ui';
import { Input, Select } from '@qiming/sdk/ui/form';
import { conversationPath } from '../chat/conversationUrl';
import { t } from '../i18n';
import { LazyMarkdown } from '../markdown/LazyMarkdown';
import { MicIcon } from '../icons';
import { useModels } from '../models/useModels';
import { useVoiceChat } from './useVoiceChat';
import type { VoiceChatStore, VoiceMode } from './VoiceChatStore';
import styles from './voiceChat.module.css';

/** Models that answer in text: drawing, music and video models cannot hold a spoken conversation. */
const speaksText = (option: ModelOption) => !['绘画', '音乐', '视频'].includes(option.level) && !isImageOrVideoModel(option.value);

/** The space bar is the talk button, except while typing somewhere. */
const typingIn = (target: EventTarget | null) => target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * /voice (语音对话): a hands-free conversation (voice-activity detection) or hold-to-talk, the
 * answer streamed as text and spoken sentence by sentence, interrupted by speaking or tapping; saved
 * in the history like any chat. Typing works too, with or without a recognition service.
 */
export const VoiceChatPage = observer(function VoiceChatPage() {
  const { store, audio } = useVoiceChat();
  const catalogue = useModels();
  const options = (catalogue?.options ?? []).filter(speaksText);
  const list = useRef<HTMLDivElement>(null);

  // the newest turn stays in view as it streams
  const lastAnswer = store.turns.at(-1)?.answer.length ?? 0;
  useEffect(() => {
    const box = list.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [store.turns.length, lastAnswer]);

  // hold-to-talk: the space bar, while nothing is being typed
  useEffect(() => {
    if (store.mode !== 'hold') return;
    const down = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || typingIn(event.target)) return;
      event.preventDefault();
      if (!event.repeat) void store.pressTalk();
    };
    const up = (event: KeyboardEvent) => {
      if (event.code !== 'Space' || typingIn(event.target)) return;
      event.preventDefault();
      store.releaseTalk();
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, [store, store.mode]);

  return (
    <div className={styles.page} data-testid="voice-page">
      <header className={styles.toolbar}>
        <label className={styles.field}>
          <span>{t('voiceChat.model')}</span>
          <Select
            className={styles.model}
            value={store.model}
            onChange={(model: string) => store.setModel(model)}
            options={options.map((o) => ({ value: o.value, label: o.label }))}
            showSearch
            optionFilterProp="label"
            loading={!catalogue}
            disabled={store.busy}
            data-testid="voice-model"
          />
        </label>
        <div className={styles.modes} role="group" aria-label={t('voiceChat.mode')}>
          {(['handsFree', 'hold'] as VoiceMode[]).map((mode) => (
            <button key={mode} type="button" aria-pressed={store.mode === mode} className={store.mode === mode ? styles.modeOn : styles.mode} onClick={() => store.setMode(mode)} data-testid={`voice-mode-${mode}`}>
              {t(`voiceChat.mode.${mode}`)}
            </button>
          ))}
        </div>
        <div className={styles.links}>
          {store.convGroupId && (
            <a
              href={conversationPath(store.convGroupId)}
              onClick={(event) => {
                event.preventDefault();
                navigateTo(conversationPath(store.convGroupId));
              }}
              data-testid="voice-open-chat"
            >
              {t('voiceChat.openInChat')}
            </a>
          )}
          <Button size="small" onClick={() => store.newConversation()} disabled={store.turns.length === 0}>
            {t('voiceChat.newConversation')}
          </Button>
        </div>
      </header>

      {store.transcription === false && (
        <p className={styles.notice} data-testid="voice-no-recognition">
          {t('voiceChat.noRecognition')}
        </p>
      )}
      {!session.isLoggedIn && <p className={styles.notice}>{t('voiceChat.loginPrompt')}</p>}

      <div className={styles.turns} ref={list} data-testid="voice-turns">
        {store.turns.length === 0 ? (
          <p className={styles.empty}>{t('voiceChat.empty')}</p>
        ) : (
          store.turns.map((turn) => (
            <div key={turn.id} className={styles.turn}>
              <div className={styles.question} data-testid="voice-question">
                <span className={styles.who}>{t('voiceChat.you')}</span>
                {turn.question}
              </div>
              <div className={styles.answer} data-testid="voice-answer" data-status={turn.status}>
                <span className={styles.who}>
                  {t('voiceChat.assistant')}
                  {turn.offlineDemo && <em className={styles.tag}>{t('models.offlineDemo')}</em>}
                </span>
                {turn.answer ? <LazyMarkdown source={turn.answer} streaming={turn.status === 'streaming' || turn.status === 'waiting'} /> : turn.status === 'waiting' ? <span className={styles.dots}>…</span> : null}
                {turn.status === 'stopped' && <span className={styles.muted}>{t('voiceChat.stopped')}</span>}
                {turn.status === 'failed' && <span className={styles.muted}>{t('voiceChat.failedTag')}</span>}
              </div>
            </div>
          ))
        )}
      </div>

      <Controls store={store} />
      <TypedQuestion store={store} />
      <audio ref={audio} hidden data-testid="voice-audio" />
    </div>
  );
});

/** The state, what went wrong, the big button and 暂停 / 打断. */
const Controls = observer(function Controls({ store }: { store: VoiceChatStore }) {
  const { phase, mode } = store;
  const holding = mode === 'hold' && phase === 'listening';
  const hint = holding ? 'holding' : phase === 'listening' && store.hearing ? 'hearing' : phase;
  const micOpen = phase !== 'idle' && phase !== 'paused';
  // the ring grows with the voice: -60 dBFS and below is still, -10 fills it
  const loudness = Math.max(0, Math.min(1, (store.level + 60) / 50));
  const unavailable = store.transcription === false;

  const main = () => {
    if (store.busy) return store.interrupt();
    if (phase === 'idle' || phase === 'paused') return void store.start();
  };
  const holdButton = (
    <button
      type="button"
      className={holding ? `${styles.orb} ${styles.orbActive}` : styles.orb}
      style={{ ['--qm-voice-level' as string]: holding ? loudness : 0 }}
      disabled={unavailable || phase === 'recognizing'}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture?.(event.pointerId);
        void store.pressTalk();
      }}
      onPointerUp={() => store.releaseTalk()}
      onPointerCancel={() => store.releaseTalk()}
      onContextMenu={(event) => event.preventDefault()}
      data-testid="voice-hold"
    >
      <MicIcon size={40} />
      <span>{holding ? t('voiceChat.releaseToSend') : t('voiceChat.holdToTalk')}</span>
    </button>
  );
  const handsFreeButton = (
    <button
      type="button"
      className={phase === 'listening' ? `${styles.orb} ${styles.orbActive}` : styles.orb}
      style={{ ['--qm-voice-level' as string]: phase === 'listening' ? loudness : 0 }}
      disabled={(unavailable && !store.busy) || phase === 'recognizing' || phase === 'listening'}
      onClick={main}
      data-testid="voice-main"
    >
      <MicIcon size={40} />
      <span>{store.busy ? t('voiceChat.interrupt') : phase === 'paused' ? t('voiceChat.resume') : t(`voiceChat.phase.${phase}`)}</span>
    </button>
  );

  return (
    <section className={styles.controls}>
      <div className={styles.status} data-testid="voice-status" data-phase={phase} aria-live="polite">
        <strong>{t(`voiceChat.phase.${phase}`)}</strong>
        <span className={styles.hint}>{t(`voiceChat.hint.${hint}`)}</span>
      </div>
      {store.speaking && (
        <p className={styles.speaking} data-testid="voice-speaking">
          {t('voiceChat.speaking')}
          {store.speaking}
        </p>
      )}
      {store.error && (
        <p className={styles.error} role="alert" data-testid="voice-error">
          {store.error}
        </p>
      )}
      {mode === 'hold' ? holdButton : handsFreeButton}
      <div className={styles.actions}>
        {store.busy && (
          <Button danger onClick={() => store.interrupt()} data-testid="voice-interrupt">
            {t('voiceChat.interrupt')}
          </Button>
        )}
        {micOpen && (
          <Button onClick={() => store.pause()} data-testid="voice-pause">
            {t('voiceChat.pause')}
          </Button>
        )}
      </div>
    </section>
  );
});

/** Typing stays possible in the same conversation (no recognition service, a noisy room). */
function TypedQuestion({ store }: { store: VoiceChatStore }) {
  const [text, setText] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.sendText(text)) setText('');
  };
  return (
    <form className={styles.typed} onSubmit={(event) => void submit(event)}>
      <Input value={text} onChange={(event) => setText(event.target.value)} placeholder={t('voiceChat.inputPlaceholder')} aria-label={t('voiceChat.inputPlaceholder')} data-testid="voice-text" />
      <Button type="primary" htmlType="submit" disabled={!text.trim()} data-testid="voice-send">
        {t('voiceChat.send')}
      </Button>
    </form>
  );
}
