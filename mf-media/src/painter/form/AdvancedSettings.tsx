import { useState } from 'react';
import { observer } from 'mobx-react-lite';
import { IMAGE_LIMITS } from '@qiming/sdk';
import { Input, InputNumber, Slider } from '@qiming/sdk/ui/form';
import { usePainterStore } from '../painterContext';
import { t } from '../../i18n';
import styles from '../painter.module.css';

const MAX_SEED = 4294967295;

/** 高级设置: negative prompt and seed (when the model takes them), and 图生图's strength. Folded by default. */
export const AdvancedSettings = observer(function AdvancedSettings() {
  const store = usePainterStore();
  const [open, setOpen] = useState(false);
  const model = store.model;
  const strength = store.requestKind === 'img2img';
  if (!model || (!model.negativePrompt && !model.seed && !strength)) return null;
  const over = store.negativePrompt.length > IMAGE_LIMITS.negativePrompt;
  return (
    <div className={styles.field}>
      <button type="button" className={styles.advancedToggle} aria-expanded={open} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">{open ? '▾ ' : '▸ '}</span>
        <span>{t('painter.advanced')}</span>
      </button>
      {open && (
        <>
          {model.negativePrompt && (
            <div className={styles.field}>
              <label className={styles.fieldLabel} htmlFor="painter-negative">
                {t('painter.negative.label')}
                <span className={`${styles.muted} ${over ? styles.over : ''}`}>
                  {t('painter.prompt.counter', { count: store.negativePrompt.length, max: IMAGE_LIMITS.negativePrompt })}
                </span>
              </label>
              <Input.TextArea
                id="painter-negative"
                value={store.negativePrompt}
                onChange={(event) => store.setNegativePrompt(event.target.value)}
                placeholder={t('painter.negative.placeholder')}
                autoSize={{ minRows: 2, maxRows: 6 }}
                status={over ? 'error' : undefined}
              />
            </div>
          )}
          {model.seed && (
            <div className={styles.field}>
              <label className={styles.fieldLabel} htmlFor="painter-seed">
                {t('painter.seed.label')}
              </label>
              <InputNumber
                id="painter-seed"
                style={{ width: '100%' }}
                min={0}
                max={MAX_SEED}
                precision={0}
                value={store.seed}
                placeholder={t('painter.seed.placeholder')}
                onChange={(value) => store.setSeed(typeof value === 'number' ? value : null)}
              />
            </div>
          )}
          {strength && (
            <div className={styles.field}>
              <div className={styles.fieldLabel}>
                {t('painter.strength.label')}
                <span className={styles.muted}>{t('painter.strength.hint')}</span>
              </div>
              <Slider min={0.1} max={1} step={0.05} value={store.strength} onChange={(value: number) => store.setStrength(value)} />
            </div>
          )}
        </>
      )}
    </div>
  );
});
