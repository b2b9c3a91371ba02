import { observer } from 'mobx-react-lite';
import { Button } from '@qiming/sdk/ui';
import { SLIDE_LIMITS } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { useSlidesStore } from './slidesContext';
import styles from './slides.module.css';

const COUNTS = Array.from({ length: SLIDE_LIMITS.maxSlides - SLIDE_LIMITS.minSlides + 1 }, (_, i) => i + SLIDE_LIMITS.minSlides);

/** 新建演示文稿: a topic or a document, how many slides. */
export const CreatePanel = observer(function CreatePanel() {
  const store = useSlidesStore();
  return (
    <section className={styles.panel} aria-label={t('slides.new')}>
      <h2 className={styles.panelTitle}>{t('slides.new')}</h2>
      <div className={styles.tabs} role="tablist">
        {(['topic', 'upload'] as const).map((source) => (
          <button key={source} type="button" role="tab" aria-selected={store.source === source} className={store.source === source ? styles.tabOn : styles.tab} onClick={() => store.setField('source', source)}>
            {t(source === 'topic' ? 'slides.fromTopic' : 'slides.fromDocument')}
          </button>
        ))}
      </div>
      {store.source === 'topic' ? (
        <>
          <textarea
            className={styles.topic}
            value={store.topic}
            maxLength={SLIDE_LIMITS.topic}
            placeholder={t('slides.topicPlaceholder')}
            aria-label={t('slides.fromTopic')}
            onChange={(event) => store.setField('topic', event.target.value)}
          />
          <div className={styles.examples}>
            <span>{t('slides.examples')}</span>
            {(['slides.example1', 'slides.example2', 'slides.example3'] as const).map((key) => (
              <button key={key} type="button" className={styles.chip} onClick={() => store.setField('topic', t(key))}>
                {t(key)}
              </button>
            ))}
          </div>
        </>
      ) : (
        <label className={styles.fileZone}>
          <input
            type="file"
            accept=".pdf,.docx,.txt,.md,.markdown"
            data-testid="slides-document"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void store.chooseDocument(file);
            }}
          />
          <span>{store.uploading ? t('slides.uploading') : store.upload ? t('slides.documentReady', { name: store.upload.name }) : t('slides.pickDocument')}</span>
        </label>
      )}
      <div className={styles.row}>
        <label className={styles.inline}>
          {t('slides.slideCount')}
          <select value={store.slideCount} onChange={(event) => store.setField('slideCount', Number(event.target.value))} aria-label={t('slides.slideCount')}>
            {COUNTS.map((n) => (
              <option key={n} value={n}>
                {t('slides.pages', { n })}
              </option>
            ))}
          </select>
        </label>
        <Button type="primary" onClick={() => void store.create()} disabled={!store.canCreate} loading={store.busy && !store.deck}>
          {t('slides.makeOutline')}
        </Button>
      </div>
    </section>
  );
});
