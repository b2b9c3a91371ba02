import { observer } from 'mobx-react-lite';
import { theme, THEME_COLORS, type ThemeColor } from '@qiming/sdk';
import { t } from '../i18n';
import { Dialog } from './Dialog';
import styles from './dialog.module.css';

const COLORS = Object.keys(THEME_COLORS) as ThemeColor[];

/** 主题设置: the primary colour; only the light theme exists (spec platform §1). */
export const ThemeDialog = observer(function ThemeDialog({ onClose }: { onClose(): void }) {
  return (
    <Dialog title={t('theme.title')} onClose={onClose} testId="theme-dialog">
      <p>{t('theme.colour')}</p>
      <div className={styles.swatches}>
        {COLORS.map((color) => (
          <button key={color} type="button" className={styles.swatch} aria-pressed={theme.choice.primary === color} onClick={() => theme.choose({ primary: color })}>
            <span className={styles.dot} style={{ background: THEME_COLORS[color] }} />
            {t(`theme.${color}`)}
          </button>
        ))}
      </div>
      <p>{t('theme.mode')}</p>
      <div className={styles.swatches}>
        <button type="button" className={styles.swatch} aria-pressed="true">
          {t('theme.light')}
        </button>
      </div>
      <p className={styles.hint}>{t('theme.lightOnly')}</p>
    </Dialog>
  );
});
