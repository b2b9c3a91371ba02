import { observer } from 'mobx-react-lite';
import { Button } from '@qiming/sdk/ui';
import { toasts } from '@qiming/sdk';
import { t } from '../i18n';
import { SlideCanvas } from './deck/SlideCanvas';
import { useSlidesStore } from './slidesContext';
import { useWidth } from './useWidth';
import styles from './slides.module.css';

/** Progress, the selected slide large, the thumbnails strip, and what can be done with the deck. */
export const SlidesView = observer(function SlidesView() {
  const store = useSlidesStore();
  const deck = store.deck!;
  const [stage, width] = useWidth<HTMLDivElement>(720);
  const slide = deck.slides[store.selected];
  const exportAs = async (kind: 'pptx' | 'pdf') => {
    store.setExporting(kind);
    try {
      const { downloadPptx, downloadPdf } = await import(/* webpackChunkName: "slides-export" */ './exportDeck');
      await (kind === 'pptx' ? downloadPptx(deck) : downloadPdf(deck));
    } catch {
      toasts.error(t('slides.exportFailed'));
    } finally {
      store.setExporting(null);
    }
  };
  const done = deck.status === 'succeeded';
  return (
    <div className={styles.view} data-testid="slides-view">
      <div className={styles.viewHead}>
        <h2 className={styles.panelTitle}>{deck.title}</h2>
        <span className={styles.status} data-testid="slides-status">
          {deck.statusText}
        </span>
      </div>
      {store.generating && (
        <div className={styles.progress} aria-live="polite">
          <span>{t('slides.progress', { done: deck.done, total: deck.total })}</span>
          <div className={styles.bar}>
            <div style={{ width: `${(deck.done / Math.max(1, deck.total)) * 100}%` }} />
          </div>
        </div>
      )}
      {deck.status === 'failed' && (
        <p className={styles.error} role="alert">
          {deck.error}
        </p>
      )}
      <div className={styles.actions}>
        <Button disabled={!slide} onClick={() => store.setPresenting(true)}>
          {t('slides.present')}
        </Button>
        <Button type="primary" disabled={!done || store.exporting !== null} loading={store.exporting === 'pptx'} onClick={() => void exportAs('pptx')}>
          {t('slides.downloadPptx')}
        </Button>
        <Button disabled={!done || store.exporting !== null} loading={store.exporting === 'pdf'} onClick={() => void exportAs('pdf')}>
          {t('slides.downloadPdf')}
        </Button>
        <Button disabled={store.generating} onClick={() => store.setEditing(true)}>
          {t('slides.editOutline')}
        </Button>
      </div>
      <div className={styles.stage} ref={stage} data-testid="slides-stage">
        {slide && <SlideCanvas slide={slide} templateId={deck.templateId} index={store.selected} total={deck.total || deck.slides.length} width={width} />}
      </div>
      <div className={styles.thumbs} data-testid="slides-thumbs">
        {deck.slides.map((s, i) => (
          <button key={i} type="button" className={i === store.selected ? styles.thumbOn : styles.thumb} onClick={() => store.select(i)} aria-label={t('slides.slideOf', { n: i + 1, total: deck.slides.length })}>
            <SlideCanvas slide={s} templateId={deck.templateId} index={i} total={deck.total || deck.slides.length} width={144} />
            <span>{i + 1}</span>
          </button>
        ))}
        {store.generating && Array.from({ length: Math.max(0, deck.total - deck.slides.length) }, (_, i) => <div key={`wait-${i}`} className={styles.thumbWaiting} />)}
      </div>
    </div>
  );
});
