import { observer } from 'mobx-react-lite';
import { ASPECT_RATIOS, IMAGE_LIMITS } from '@qiming/sdk';
import type { AspectRatio } from '@qiming/sdk/contracts';
import { usePainterStore } from '../painterContext';
import { t } from '../../i18n';
import styles from '../painter.module.css';

/** A small outline of the ratio, at most 16 px on its longer side. */
function RatioPreview({ aspect }: { aspect: AspectRatio }) {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  const unit = 16 / Math.max(w, h);
  return <span className={styles.ratio} style={{ width: Math.round(w * unit), height: Math.round(h * unit) }} aria-hidden="true" />;
}

/** Every ratio of the contract; those the model cannot draw are disabled. */
export const AspectPicker = observer(function AspectPicker() {
  const store = usePainterStore();
  return (
    <div className={styles.field}>
      <div className={styles.fieldLabel}>{t('painter.aspect.label')}</div>
      <div className={styles.aspects} role="group" aria-label={t('painter.aspect.label')}>
        {ASPECT_RATIOS.map((aspect) => (
          <button
            key={aspect}
            type="button"
            className={styles.aspect}
            aria-pressed={store.aspect === aspect}
            disabled={!store.aspects.includes(aspect)}
            onClick={() => store.setAspect(aspect)}
          >
            <RatioPreview aspect={aspect} />
            {aspect}
          </button>
        ))}
      </div>
    </div>
  );
});

/** 1–4 images (Stable Diffusion style); counts above the model's maximum are disabled. */
export const CountPicker = observer(function CountPicker() {
  const store = usePainterStore();
  const counts = Array.from({ length: IMAGE_LIMITS.maxCount }, (_, index) => index + 1);
  return (
    <div className={styles.field}>
      <div className={styles.fieldLabel}>{t('painter.count.label')}</div>
      <div className={styles.counts} role="group" aria-label={t('painter.count.label')}>
        {counts.map((count) => (
          <button key={count} type="button" className={styles.chip} aria-pressed={store.count === count} disabled={count > store.maxCount} onClick={() => store.setCount(count)}>
            {t('painter.count.value', { n: count })}
          </button>
        ))}
      </div>
    </div>
  );
});
