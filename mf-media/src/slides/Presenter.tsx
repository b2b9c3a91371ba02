import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { t } from '../i18n';
import { SlideCanvas } from './deck/SlideCanvas';
import { useSlidesStore } from './slidesContext';
import styles from './slides.module.css';

/** Full-screen presenter: ← → (and a click) move, Esc leaves; slide n / N. */
export const Presenter = observer(function Presenter() {
  const store = useSlidesStore();
  const root = useRef<HTMLDivElement>(null);
  const deck = store.deck;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' || event.key === 'PageDown' || event.key === ' ') store.select(store.selected + 1);
      else if (event.key === 'ArrowLeft' || event.key === 'PageUp') store.select(store.selected - 1);
      else if (event.key === 'Escape') store.setPresenting(false);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    // The browser's full screen when it allows it; the overlay covers the page either way.
    void root.current?.requestFullscreen?.().catch(() => undefined);
    const onFullscreen = () => {
      if (!document.fullscreenElement) store.setPresenting(false);
    };
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreen);
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    };
  }, [store]);
  if (!deck) return null;
  const slide = deck.slides[store.selected];
  const width = Math.min(window.innerWidth, ((window.innerHeight - 40) * 16) / 9);
  return (
    <div ref={root} className={styles.presenter} role="dialog" aria-label={t('slides.present')} data-testid="slides-presenter" onClick={() => store.select(store.selected + 1)}>
      {slide && <SlideCanvas slide={slide} templateId={deck.templateId} index={store.selected} total={deck.slides.length} width={width} />}
      <div className={styles.presenterBar} onClick={(event) => event.stopPropagation()}>
        <button type="button" onClick={() => store.select(store.selected - 1)} aria-label={t('slides.prev')}>
          ←
        </button>
        <span data-testid="presenter-page">{`${store.selected + 1} / ${deck.slides.length}`}</span>
        <button type="button" onClick={() => store.select(store.selected + 1)} aria-label={t('slides.next')}>
          →
        </button>
        <span className={styles.presenterHint}>{t('slides.presenterHint')}</span>
        <button type="button" onClick={() => store.setPresenting(false)}>
          {t('slides.close')}
        </button>
      </div>
    </div>
  );
});
