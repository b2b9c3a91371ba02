import { useEffect, useRef, useState } from 'react';
import { settings, SPEECH_LIMITS, toasts } from '@qiming/sdk';
import { t } from '../i18n';
import { ProgressBar } from '../ProgressBar';
import { downloadBlob } from '../markdown/download';
import { speechApi } from './speechApi';
import { speechGate } from './speechGate';
import styles from './voice.module.css';

const PROGRESS_CAP = 80;
const TICK_MS = 300;
/** How long the full bar shows before the player replaces it. */
const FULL_BAR_MS = 300;
/** How often the place in the server's queue is asked while waiting. */
const QUEUE_POLL_MS = 1500;

const newTicket = () => `ra-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const inWeChat = () => /MicroMessenger/i.test(navigator.userAgent);

type State = { kind: 'none' } | { kind: 'generating'; percent: number; ahead?: number } | { kind: 'ready'; url: string; blob: Blob };

/**
 * 朗读 (spec chat §2, §4): none → generating (progress up to 80%, then 100%) → an audio player with
 * 下载. The server speaks with the configured TTS service or its built-in offline voice.
 */
export function ReadAloud({ text }: { text: string }) {
  const [state, setState] = useState<State>({ kind: 'none' });
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const poll = useRef<ReturnType<typeof setInterval> | null>(null);
  const stopTimer = () => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    if (poll.current) clearInterval(poll.current);
    poll.current = null;
  };
  useEffect(() => () => stopTimer(), []);
  useEffect(() => () => void (state.kind === 'ready' && URL.revokeObjectURL(state.url)), [state]);

  const generate = async () => {
    if (text.length > SPEECH_LIMITS.inputMax) toasts.info(t('speech.truncated', { max: SPEECH_LIMITS.inputMax }));
    setState({ kind: 'generating', percent: 0 });
    // The bar moves only once the server speaks; while the request waits its place is shown (排队中).
    let queued = true;
    timer.current = setInterval(() => {
      if (queued) return;
      setState((s) => (s.kind === 'generating' ? { kind: 'generating', percent: Math.min(PROGRESS_CAP, s.percent + Math.max(1, Math.round((PROGRESS_CAP - s.percent) * 0.08))) } : s));
    }, TICK_MS);
    const ticket = newTicket();
    const look = () =>
      speechApi.queue(ticket).then(
        (status) => {
          queued = status.state === 'waiting';
          setState((s) => (s.kind === 'generating' ? { kind: 'generating', percent: s.percent, ahead: status.state === 'waiting' ? status.ahead : undefined } : s));
        },
        () => void (queued = false),
      );
    setTimeout(() => void (poll.current && look()), 300);
    poll.current = setInterval(() => void look(), QUEUE_POLL_MS);
    try {
      const blob = await speechApi.speak(text, settings.speech, ticket);
      stopTimer();
      setState({ kind: 'generating', percent: 100 });
      await new Promise((resolve) => setTimeout(resolve, FULL_BAR_MS));
      setState({ kind: 'ready', url: URL.createObjectURL(blob), blob });
    } catch {
      // the request client has shown the reason
      stopTimer();
      setState({ kind: 'none' });
    }
  };
  const start = () => void speechGate.run(generate);

  const download = () => {
    try {
      if (state.kind !== 'ready') return;
      downloadBlob(state.blob, `${t('speech.fileName')}-${Date.now()}.mp3`);
      if (inWeChat()) toasts.warn(t('speech.wechatWarning'));
    } catch {
      toasts.error(t('speech.downloadFailed'));
    }
  };

  // 朗读 stays while its speech is generated: a second click is told to wait, not ignored.
  const readAloud = (
    <button type="button" onClick={start} aria-busy={state.kind === 'generating'} data-testid="read-aloud">
      {t('speech.readAloud')}
    </button>
  );
  if (state.kind === 'none') return readAloud;
  if (state.kind === 'generating') {
    return (
      <>
        {readAloud}
        <span className={styles.player}>
          <ProgressBar percent={state.percent} testId="speech-progress" />
          {state.ahead !== undefined && <span data-testid="speech-queue">{t('speech.queued', { n: state.ahead })}</span>}
        </span>
      </>
    );
  }
  return (
    <span className={styles.player} data-testid="speech-player">
      <audio controls autoPlay src={state.url} />
      <button type="button" onClick={download}>{t('speech.download')}</button>
    </span>
  );
}
