import { useMemo, useState } from 'react';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { convertColor } from '../logic/color';
import { ErrorText, OutputLine, Row } from '../parts';
import styles from '../itTools.module.css';

export default function ColorTool() {
  const [input, setInput] = useState('#6d4aff');
  const result = useMemo(() => convertColor(input), [input]);
  return (
    <>
      <Row>
        <Input value={input} onChange={(e) => setInput(e.target.value)} aria-label={t('it.color.input')} placeholder="#6d4aff / rgb(109 74 255) / hsl(…) / oklch(…)" className={styles.mono} style={{ maxWidth: 360 }} data-testid="color-input" />
        <input type="color" aria-label={t('it.color.pick')} value={result.ok ? result.value.hex.slice(0, 7) : '#000000'} onChange={(e) => setInput(e.target.value)} />
      </Row>
      <ErrorText error={result.ok ? null : result.error} />
      {result.ok ? (
        <Row>
          <div className={styles.swatch} role="img" aria-label={t('it.color.swatch')}>
            <span style={{ background: result.value.swatch }} data-testid="color-swatch" />
          </div>
          <div style={{ flex: '1 1 280px', minWidth: 0 }}>
            <OutputLine label="HEX" value={result.value.hex} testId="color-hex" />
            <OutputLine label="RGB" value={result.value.rgb} testId="color-rgb" />
            <OutputLine label="HSL" value={result.value.hsl} testId="color-hsl" />
            <OutputLine label="OKLCH" value={result.value.oklch} testId="color-oklch" />
            {result.value.clipped ? <p className={styles.note}>{t('it.color.clipped')}</p> : null}
          </div>
        </Row>
      ) : null}
    </>
  );
}
