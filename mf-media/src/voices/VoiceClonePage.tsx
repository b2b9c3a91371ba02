import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { session, settings, toasts } from '@qiming/sdk';
import type { VoiceClone, VoiceSample } from '@qiming/sdk/contracts';
import { Button, Result, Spin } from '@qiming/sdk/ui';
import { Alert, Popconfirm } from '@qiming/sdk/ui/feedback';
import { Checkbox, Input } from '@qiming/sdk/ui/form';
import { Tag } from '@qiming/sdk/ui/display';
import { useVoicesApi } from '../api/voicesApi';
import { t } from '../i18n';
import { requireLogin } from '../painter/login';
import { createRecorder, type RecorderState, type SampleRecorder } from './recorder';
import { VoicesStore } from './voicesStore';
import { recordingToWav } from './wav';
import styles from './voices.module.css';

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const clock = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;

function download(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** 声音克隆 (/soundClone): upload or record a sample, see its checks, consent, clone, and use the voices. */
export const VoiceClonePage = observer(function VoiceClonePage() {
  const api = useVoicesApi();
  const [store] = useState(
    () =>
      new VoicesStore(api, {
        signedIn: () => session.isLoggedIn,
        requireLogin: () => requireLogin(),
        readAloudVoice: () => settings.speech.voice,
        useForReadAloud: (voice) => settings.saveSpeech({ voice }),
        reloadSettings: () => settings.load(),
      }),
  );
  const signedIn = session.isLoggedIn;
  useEffect(() => {
    void store.load();
    if (session.isLoggedIn) void settings.load().catch(() => undefined);
    return () => store.dispose();
  }, [store, signedIn]);

  if (store.loadFailed) {
    return <Result status="warning" title={t('voices.loadFailed')} extra={<Button onClick={() => void store.load()}>{t('voices.retry')}</Button>} />;
  }
  if (!store.caps) return <Spin data-testid="voices-loading" />;
  const { caps } = store;

  return (
    <div className={styles.page} data-testid="voice-clone-page">
      {caps.offlineDemo && <Alert type="info" showIcon data-testid="voices-offline-notice" message={t('voices.offlineTitle')} description={t('voices.offlineDetail')} />}
      <section className={styles.card}>
        <h2>{t('voices.step.sample')}</h2>
        <p className={styles.hint}>{t('voices.sampleHint', { min: caps.limits.sampleMinSeconds, max: caps.limits.sampleMaxSeconds })}</p>
        <SampleInput store={store} />
        {store.sampleError && (
          <Alert type="error" showIcon data-testid="sample-error" message={store.sampleError.message ?? t(store.sampleError.key, { min: caps.limits.sampleMinSeconds, max: caps.limits.sampleMaxSeconds })} />
        )}
        {store.samples.length > 0 && (
          <ul className={styles.samples} data-testid="sample-list">
            {store.samples.map((sample) => (
              <SampleRow key={sample.id} sample={sample} store={store} />
            ))}
          </ul>
        )}
      </section>
      <CloneForm store={store} />
      <section className={styles.card}>
        <h2>{t('voices.mine')}</h2>
        {!signedIn && <p className={styles.hint}>{t('voices.signInToSee')}</p>}
        {signedIn && store.voices.length === 0 && <p className={styles.hint}>{t('voices.none')}</p>}
        <ul className={styles.voices} data-testid="voice-list">
          {store.voices.map((voice) => (
            <VoiceRow key={voice.id} voice={voice} store={store} />
          ))}
        </ul>
      </section>
    </div>
  );
});

const SampleInput = observer(function SampleInput({ store }: { store: VoicesStore }) {
  const input = useRef<HTMLInputElement>(null);
  const [recording, setRecording] = useState<RecorderState>({ kind: 'idle' });
  const recorder = useRef<SampleRecorder | null>(null);
  useEffect(() => () => recorder.current?.cancel(), []);

  const record = () => {
    if (!requireLogin()) return;
    store.clearSampleError();
    recorder.current = createRecorder({
      onState: setRecording,
      onError: (reason) => {
        setRecording({ kind: 'idle' });
        store.refuse(`voices.record.${reason}`);
      },
      onDone: (blob) => {
        setRecording({ kind: 'converting' });
        recordingToWav(blob)
          .then((wav) => store.uploadRecording(wav))
          .catch(() => store.refuse('voices.record.failed'))
          .finally(() => setRecording({ kind: 'idle' }));
      },
    });
    void recorder.current.start();
  };

  const busy = store.uploading !== null || recording.kind !== 'idle';
  return (
    <div className={styles.inputs}>
      <input
        ref={input}
        type="file"
        accept=".wav,.mp3,.m4a,audio/wav,audio/mpeg,audio/mp4"
        hidden
        data-testid="sample-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void store.uploadFile(file);
        }}
      />
      <Button type="primary" disabled={busy} onClick={() => requireLogin() && input.current?.click()} data-testid="upload-sample">
        {t('voices.upload')}
      </Button>
      {recording.kind === 'recording' ? (
        <>
          <Button danger onClick={() => recorder.current?.stop()} data-testid="stop-recording">
            {t('voices.record.stop')}
          </Button>
          <span className={styles.timer} data-testid="record-timer">
            <span className={styles.dot} /> {clock(recording.seconds)} / {clock(store.caps!.limits.sampleMaxSeconds)}
            {recording.seconds < store.caps!.limits.sampleMinSeconds && <em>{t('voices.record.keepGoing', { min: store.caps!.limits.sampleMinSeconds })}</em>}
          </span>
          <Button type="link" onClick={() => recorder.current?.cancel()}>
            {t('voices.record.cancel')}
          </Button>
        </>
      ) : (
        <Button disabled={busy} onClick={record} data-testid="record-sample">
          {t('voices.record.start')}
        </Button>
      )}
      {recording.kind === 'converting' && <span className={styles.hint}>{t('voices.record.converting')}</span>}
      {store.uploading !== null && <span className={styles.hint} data-testid="sample-uploading">{t('voices.uploading', { n: store.uploading })}</span>}
    </div>
  );
});

const SampleRow = observer(function SampleRow({ sample, store }: { sample: VoiceSample; store: VoicesStore }) {
  const selected = store.selectedSampleId === sample.id;
  return (
    <li className={selected ? `${styles.sample} ${styles.selected}` : styles.sample} data-testid="sample">
      <label>
        <input type="radio" name="sample" checked={selected} disabled={sample.inUse} onChange={() => store.selectSample(sample.id)} />
        <span className={styles.sampleTitle}>
          {sample.format.toUpperCase()} · {t('voices.facts.duration', { s: seconds(sample.durationMs) })}
        </span>
      </label>
      <span className={styles.checks} data-testid="sample-checks">
        <Tag color="green">{t('voices.check.format')}</Tag>
        <Tag color="green">{t('voices.check.duration', { s: seconds(sample.durationMs) })}</Tag>
        <Tag color="green">{t('voices.check.loudness', { db: sample.loudnessDb.toFixed(0) })}</Tag>
        <Tag color="green">{t('voices.check.silence', { p: Math.round(sample.silenceRatio * 100) })}</Tag>
        {sample.pitchHz !== null && <Tag>{t('voices.facts.pitch', { hz: Math.round(sample.pitchHz) })}</Tag>}
        <Tag>{t('voices.facts.rate', { n: sample.syllablesPerSecond.toFixed(1) })}</Tag>
        {sample.inUse && <Tag color="blue">{t('voices.sampleInUse')}</Tag>}
      </span>
      {!sample.inUse && (
        <Popconfirm title={t('voices.deleteSampleConfirm')} okText={t('voices.delete')} cancelText={t('voices.cancel')} onConfirm={() => store.deleteSample(sample.id).catch(() => undefined)}>
          <Button type="link" size="small" danger>
            {t('voices.delete')}
          </Button>
        </Popconfirm>
      )}
    </li>
  );
});

const CloneForm = observer(function CloneForm({ store }: { store: VoicesStore }) {
  const caps = store.caps!;
  const blocker = store.cloneBlocker;
  const submit = async () => {
    const voice = await store.clone();
    if (voice) toasts.success(t('voices.cloneQueued'));
  };
  return (
    <section className={styles.card}>
      <h2>{t('voices.step.clone')}</h2>
      <label className={styles.field}>
        <span>{t('voices.name')}</span>
        <Input value={store.name} maxLength={caps.limits.nameMax + 5} placeholder={t('voices.namePlaceholder')} onChange={(event) => store.setName(event.target.value)} data-testid="voice-name" />
      </label>
      {caps.needsTranscript && (
        <label className={styles.field}>
          <span>{t('voices.transcript')}</span>
          <Input.TextArea value={store.transcript} rows={2} placeholder={t('voices.transcriptPlaceholder')} onChange={(event) => store.setTranscript(event.target.value)} data-testid="voice-transcript" />
        </label>
      )}
      <Checkbox checked={store.consent} onChange={(event) => store.setConsent(event.target.checked)} data-testid="voice-consent">
        <span className={styles.consent}>{t('voices.consent', { text: caps.consentText })}</span>
      </Checkbox>
      <div className={styles.submit}>
        <Button type="primary" disabled={blocker !== null && blocker !== 'busy'} loading={blocker === 'busy'} onClick={() => void submit()} data-testid="start-clone">
          {t('voices.cloneButton')}
        </Button>
        <span className={styles.hint} data-testid="clone-cost">
          {caps.points > 0 ? t('voices.cost', { n: caps.points }) : t('voices.free')}
        </span>
      </div>
      {blocker && blocker !== 'busy' && <p className={styles.blocker} data-testid="clone-blocker">{t(`voices.blocked.${blocker}`, { max: caps.limits.nameMax })}</p>}
    </section>
  );
});

const VoiceRow = observer(function VoiceRow({ voice, store }: { voice: VoiceClone; store: VoicesStore }) {
  const state = store.tryState(voice.id);
  const ready = voice.status === 'succeeded';
  const tooLong = [...state.text].length > store.tryLimit;
  const current = store.isReadAloud(voice);
  return (
    <li className={styles.voice} data-testid="voice" data-status={voice.status}>
      <div className={styles.voiceHead}>
        <strong>{voice.name}</strong>
        {voice.offlineDemo && <Tag color="orange">{t('voices.offlineDemo')}</Tag>}
        <Tag color={ready ? 'green' : voice.status === 'failed' ? 'red' : 'blue'} data-testid="voice-status">
          {voice.status === 'running' ? t('voices.status.runningAt', { n: voice.progress }) : t(`voices.status.${voice.status}`)}
        </Tag>
        {current && <Tag color="purple">{t('voices.readAloudCurrent')}</Tag>}
        <span className={styles.meta}>
          {voice.pitchHz !== null && t('voices.facts.pitch', { hz: Math.round(voice.pitchHz) })} · {t('voices.facts.rate', { n: voice.syllablesPerSecond.toFixed(1) })}
          {voice.points > 0 && ` · ${t('voices.charged', { n: voice.points })}`}
        </span>
      </div>
      {(voice.status === 'queued' || voice.status === 'running') && (
        <div className={styles.bar} role="progressbar" aria-valuenow={voice.progress} aria-valuemin={0} aria-valuemax={100}>
          <span style={{ width: `${Math.max(5, voice.progress)}%` }} />
        </div>
      )}
      {voice.status === 'failed' && <p className={styles.blocker}>{voice.error}</p>}
      {ready && (
        <div className={styles.tryBox}>
          <Input.TextArea
            value={state.text}
            rows={2}
            placeholder={t('voices.tryPlaceholder')}
            onChange={(event) => store.setTryText(voice.id, event.target.value)}
            data-testid="try-text"
          />
          {tooLong && <p className={styles.blocker}>{t('voices.tryTooLong', { max: store.tryLimit })}</p>}
          <div className={styles.actions}>
            <Button type="primary" loading={state.busy} disabled={tooLong} onClick={() => void store.tryVoice(voice.id, t('voices.tryDefault'))} data-testid="try-voice">
              {t('voices.try')}
            </Button>
            {state.blob && (
              <Button onClick={() => download(state.blob!, `${voice.name}-${Date.now()}.mp3`)} data-testid="download-try">
                {t('voices.download')}
              </Button>
            )}
            <Button
              disabled={current}
              onClick={() => void store.useForReadAloud(voice).then((done) => done && toasts.success(t('voices.readAloudSet')))}
              data-testid="use-for-read-aloud"
            >
              {current ? t('voices.readAloudCurrent') : t('voices.useForReadAloud')}
            </Button>
          </div>
          {state.url && <audio className={styles.audio} controls autoPlay src={state.url} data-testid="try-audio" />}
        </div>
      )}
      {voice.status !== 'queued' && voice.status !== 'running' && (
        <Popconfirm title={t('voices.deleteConfirm')} description={t('voices.deleteDetail')} okText={t('voices.delete')} cancelText={t('voices.cancel')} onConfirm={() => store.deleteVoice(voice.id).then(() => toasts.success(t('voices.deleted')), () => undefined)}>
          <Button type="link" danger className={styles.deleteVoice} data-testid="delete-voice">
            {t('voices.delete')}
          </Button>
        </Popconfirm>
      )}
    </li>
  );
});
