import { useEffect, useRef, useState } from 'react';
import { SPEECH_LIMITS, toasts } from '@qiming/sdk';
import type { SpeechCapabilities } from '@qiming/sdk/contracts';
import { MicIcon } from '../icons';
import { t } from '../i18n';
import { microphoneErrorText } from './micErrors';
import { Recording } from './recorder';
import { speechApi } from './speechApi';
import styles from './voice.module.css';

/** spec chat §8: recording errors show for 5 s. */
const ERROR_MS = 5000;
type Phase = 'idle' | 'recording' | 'processing';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The microphone (spec chat §4 recording: idle → recording → processing → transcribed): records up to
 * 180 s, sends the audio to the configured speech-recognition service and puts the text into the
 * input. Without such a service it says so instead of recording.
 */
export function VoiceInput({ onText, beforeRecord }: { onText(text: string): void; beforeRecord(): boolean }) {
  const [capabilities, setCapabilities] = useState<SpeechCapabilities | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [seconds, setSeconds] = useState(0);
  const recording = useRef<Recording | null>(null);

  useEffect(() => {
    let alive = true;
    speechApi.capabilities().then((c) => alive && setCapabilities(c), () => undefined);
    return () => {
      alive = false;
      recording.current?.cancel();
    };
  }, []);
  useEffect(() => {
    if (phase !== 'recording') return;
    const started = Date.now();
    const tick = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(tick);
  }, [phase]);

  const finish = async () => {
    const current = recording.current;
    recording.current = null;
    if (!current) return;
    setPhase('processing');
    let audio: Blob;
    try {
      audio = await current.stop();
    } catch (error) {
      toasts.error(`${t('voice.stopFailed')}${reason(error)}`, { durationMs: ERROR_MS });
      setPhase('idle');
      return;
    }
    if (audio.size === 0) {
      toasts.warn(t('voice.noAudio'));
      setPhase('idle');
      return;
    }
    if (audio.size > SPEECH_LIMITS.audioMaxBytes) {
      toasts.warn(t('voice.tooLarge'));
      setPhase('idle');
      return;
    }
    try {
      onText(await speechApi.transcribe(audio));
    } catch (error) {
      toasts.error(`${t('voice.transcribeFailed')}${reason(error)}`, { durationMs: ERROR_MS });
    } finally {
      setPhase('idle');
    }
  };

  const start = async () => {
    if (!beforeRecord()) return;
    if (!capabilities?.transcription) {
      toasts.info(t('voice.unavailable'), { durationMs: ERROR_MS });
      return;
    }
    try {
      recording.current = await Recording.start(
        () => void finish(),
        (error) => {
          recording.current?.cancel();
          recording.current = null;
          setPhase('idle');
          toasts.error(`${t('voice.recordFailed')}${reason(error)}`, { durationMs: ERROR_MS });
        },
      );
      setSeconds(0);
      setPhase('recording');
    } catch (error) {
      toasts.error(`${t('voice.startFailed')}${microphoneErrorText(error)}`, { durationMs: ERROR_MS });
    }
  };

  const unavailable = capabilities !== null && !capabilities.transcription;
  if (phase === 'processing') {
    return (
      <span className={styles.processing} data-testid="voice-processing">
        {t('voice.processing')}
      </span>
    );
  }
  return phase === 'recording' ? (
    <button type="button" className={styles.recording} onClick={() => void finish()} data-testid="voice-stop">
      ● {t('voice.stop', { seconds, max: SPEECH_LIMITS.recordingMaxSeconds })}
    </button>
  ) : (
    <button
      type="button"
      className={unavailable ? `${styles.mic} ${styles.micOff}` : styles.mic}
      onClick={() => void start()}
      aria-label={unavailable ? t('voice.unavailable') : t('voice.start')}
      title={unavailable ? t('voice.unavailable') : t('voice.start')}
      data-testid="voice-input"
    >
      <MicIcon />
    </button>
  );
}
