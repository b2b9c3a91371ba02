import { useEffect, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { eventBus, POINTS_CODES, session } from '@qiming/sdk';
import { Button, Spin } from '@qiming/sdk/ui';
import { Input, Select } from '@qiming/sdk/ui/form';
import { Tag } from '@qiming/sdk/ui/display';
import { VIDEO_LIMITS, type VideoModel } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { FIRST_FRAME_TYPES } from './rules';
import { useVideoStore } from './videoContext';
import styles from './video.module.css';

function ModelLabel({ model }: { model: VideoModel }) {
  return (
    <span className={styles.modelOption}>
      <span className={styles.modelName}>{model.name}</span>
      {model.offlineDemo && (
        <Tag color="orange" title={t('video.offlineDemoHint')}>
          {t('video.offlineDemo')}
        </Tag>
      )}
      {model.membersOnly && <Tag color="gold">{t('video.membersOnly')}</Tag>}
      <span className={styles.muted}>{model.priceText}</span>
    </span>
  );
}

/** One row of choices as buttons (aria-pressed), only what the model offers. */
function Choices<T extends string | number>({ label, values, value, text, onPick, testId }: { label: string; values: readonly T[]; value: T; text(value: T): string; onPick(value: T): void; testId: string }) {
  return (
    <div className={styles.field}>
      <div className={styles.fieldLabel}>{label}</div>
      <div className={styles.chips} role="group" aria-label={label} data-testid={testId}>
        {values.map((item) => (
          <button key={String(item)} type="button" className={styles.chip} aria-pressed={item === value} onClick={() => onPick(item)}>
            {text(item)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The first frame of 图生视频: picked, checked (type, size), uploaded, previewed. */
const FirstFrame = observer(function FirstFrame() {
  const store = useVideoStore();
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const shown = store.firstFrame ? (preview ?? store.firstFrame.url) : null;
  return (
    <div className={styles.field}>
      <div className={styles.fieldLabel}>{t('video.firstFrame.label')}</div>
      <div className={styles.firstFrame} data-testid="first-frame">
        {store.uploadingName ? (
          <span className={styles.muted}>
            <Spin size="small" /> {t('video.firstFrame.uploading', { name: store.uploadingName })}
          </span>
        ) : shown ? (
          <img src={shown} alt={t('video.firstFrame.label')} className={styles.firstFramePreview} />
        ) : null}
        <div className={styles.row}>
          <Button size="small" onClick={() => input.current?.click()} disabled={!!store.uploadingName}>
            {store.firstFrame ? t('video.firstFrame.replace') : t('video.firstFrame.upload')}
          </Button>
          {store.firstFrame && (
            <Button size="small" type="text" onClick={() => store.clearFirstFrame()}>
              {t('video.firstFrame.remove')}
            </Button>
          )}
        </div>
        <div className={styles.muted}>{t('video.firstFrame.hint', { mb: VIDEO_LIMITS.firstFrameMaxBytes / 1024 / 1024 })}</div>
        <input
          ref={input}
          type="file"
          hidden
          accept={FIRST_FRAME_TYPES.join(',')}
          aria-label={t('video.firstFrame.upload')}
          data-testid="first-frame-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            setPreview(URL.createObjectURL(file));
            void store.pickFirstFrame(file);
          }}
        />
      </div>
      {store.firstFrameNotice && (
        <div className={styles.notice} role="alert">
          {t(store.firstFrameNotice.key, store.firstFrameNotice.vars)}
        </div>
      )}
    </div>
  );
});

/** What this submit costs before it is sent: the caller's quote, or the listed price when signed out. */
const CostLine = observer(function CostLine() {
  const store = useVideoStore();
  const model = store.model;
  if (!model) return null;
  const quote = store.quote?.model === model.id ? store.quote : null;
  return (
    <div className={styles.cost} data-testid="video-cost">
      {store.cost !== null ? <span>{t('video.cost', { points: store.cost })}</span> : <span>{t('video.price', { price: model.priceText })}</span>}
      {!session.isLoggedIn && <span className={styles.muted}>{t('video.signInToGenerate')}</span>}
      {quote && !quote.allowed && quote.reason && (
        <>
          <span className={styles.over}>{quote.reason}</span>
          {quote.reasonCode === POINTS_CODES.insufficient && (
            <Button size="small" type="link" onClick={() => eventBus.emit('pay:open', { reason: quote.reason ?? undefined })}>
              {t('video.topUp')}
            </Button>
          )}
        </>
      )}
    </div>
  );
});

/** The left (phones: top) panel: model, 文生视频 / 图生视频, description, length, aspect, cost, 生成. */
export const VideoForm = observer(function VideoForm() {
  const store = useVideoStore();
  if (store.catalogFailed) {
    return (
      <section className={styles.formPanel} data-testid="video-form">
        <p>{t('video.loadFailed')}</p>
        <Button onClick={() => void store.loadModels()}>{t('video.retry')}</Button>
      </section>
    );
  }
  if (!store.catalog) {
    return (
      <section className={styles.formPanel} data-testid="video-form">
        <Spin />
      </section>
    );
  }
  if (store.models.length === 0) {
    return (
      <section className={styles.formPanel} data-testid="video-form">
        <p>{t('video.noModels')}</p>
      </section>
    );
  }
  const problem = store.problem;
  return (
    <section className={styles.formPanel} data-testid="video-form" aria-label={t('video.title')}>
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="video-model">
          {t('video.model.label')}
        </label>
        <Select
          id="video-model"
          style={{ width: '100%' }}
          value={store.model?.id}
          onChange={(id: string) => store.setModel(id)}
          options={store.models.map((model) => ({ value: model.id, label: <ModelLabel model={model} /> }))}
        />
      </div>
      <Choices label={t('video.kind.label')} testId="video-kind" values={store.kinds} value={store.kind} text={(kind) => t(`video.kind.${kind}`)} onPick={(kind) => store.setKind(kind)} />
      {store.kind === 'image2video' && <FirstFrame />}
      <div className={styles.field}>
        <label className={styles.fieldLabel} htmlFor="video-prompt">
          {t('video.prompt.label')}
          <span className={store.prompt.length > VIDEO_LIMITS.prompt ? styles.over : styles.muted}>{t('video.prompt.counter', { count: store.prompt.length, max: VIDEO_LIMITS.prompt })}</span>
        </label>
        <Input.TextArea id="video-prompt" value={store.prompt} autoSize={{ minRows: 4, maxRows: 10 }} placeholder={t('video.prompt.placeholder')} onChange={(event) => store.setPrompt(event.target.value)} />
      </div>
      <Choices label={t('video.duration.label')} testId="video-duration" values={store.durations} value={store.duration} text={(seconds) => t('video.duration.value', { seconds })} onPick={(seconds) => store.setDuration(seconds)} />
      <Choices label={t('video.aspect.label')} testId="video-aspect" values={store.aspects} value={store.aspect} text={(aspect) => t(`video.aspect.${aspect}`)} onPick={(aspect) => store.setAspect(aspect)} />
      <div className={styles.submitBar}>
        <CostLine />
        <Button type="primary" size="large" block disabled={!!problem} loading={store.submitting} onClick={() => void store.submit()}>
          {t('video.generate')}
        </Button>
        {problem && (
          <div className={styles.muted} data-testid="video-problem">
            {t(problem.key, problem.vars)}
          </div>
        )}
      </div>
    </section>
  );
});
