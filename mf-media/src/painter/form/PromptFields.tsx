import { observer } from 'mobx-react-lite';
import { IMAGE_LIMITS } from '@qiming/sdk';
import { Input } from '@qiming/sdk/ui/form';
import { usePainterStore } from '../painterContext';
import { t } from '../../i18n';
import styles from '../painter.module.css';

/** The prompt with its length counter (over the limit it turns red and 生成 says why). */
export const PromptBox = observer(function PromptBox() {
  const store = usePainterStore();
  const over = store.prompt.length > IMAGE_LIMITS.prompt;
  return (
    <div className={styles.field}>
      <label className={styles.fieldLabel} htmlFor="painter-prompt">
        {t('painter.prompt.label')}
        <span className={`${styles.muted} ${over ? styles.over : ''}`} data-testid="prompt-counter">
          {t('painter.prompt.counter', { count: store.prompt.length, max: IMAGE_LIMITS.prompt })}
        </span>
      </label>
      <Input.TextArea
        id="painter-prompt"
        value={store.prompt}
        onChange={(event) => store.setPrompt(event.target.value)}
        placeholder={t('painter.prompt.placeholder')}
        autoSize={{ minRows: 4, maxRows: 10 }}
        status={over ? 'error' : undefined}
      />
    </div>
  );
});

/** getFunctions' styles as chips; one may be chosen (sent as the request's `style`), a second click clears it. */
export const StyleChips = observer(function StyleChips() {
  const store = usePainterStore();
  const styleList = store.functions?.styles ?? [];
  if (styleList.length === 0) return null;
  return (
    <div className={styles.field}>
      <div className={styles.fieldLabel}>{t('painter.style.label')}</div>
      <div className={styles.chips}>
        {styleList.map((style) => (
          <button key={style.key} type="button" className={styles.chip} aria-pressed={store.style === style.key} title={style.prompt} onClick={() => store.toggleStyle(style.key)}>
            {style.name}
          </button>
        ))}
      </div>
    </div>
  );
});
