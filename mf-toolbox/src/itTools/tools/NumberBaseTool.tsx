import { useMemo, useState } from 'react';
import { Input, InputNumber } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { BASES, convertBases, grouped } from '../logic/numberBase';
import { Choice, ErrorText, OutputLine, Row } from '../parts';
import styles from '../itTools.module.css';

const NAMES: Record<number, string> = { 2: 'it.base.b2', 8: 'it.base.b8', 10: 'it.base.b10', 16: 'it.base.b16', 36: 'it.base.b36' };

export default function NumberBaseTool() {
  const [input, setInput] = useState('');
  const [from, setFrom] = useState(10);
  const [custom, setCustom] = useState(32);
  const [group, setGroup] = useState(false);
  const result = useMemo(() => (input.trim() ? convertBases(input, from, custom) : null), [input, from, custom]);
  const label = (b: number) => (NAMES[b] ? t(NAMES[b] as 'it.base.b2') : t('it.base.bN', { n: b }));
  return (
    <>
      <Row>
        <Choice label={t('it.base.from')} value={from} onChange={setFrom} options={BASES.map((b) => ({ value: b, label: label(b) }))} />
      </Row>
      <Input value={input} onChange={(e) => setInput(e.target.value)} aria-label={t('it.base.input')} placeholder={t('it.base.placeholder')} className={styles.mono} data-testid="base-input" />
      <ErrorText error={result && !result.ok ? result.error : null} />
      <Row>
        <label className={styles.choice}>
          <span className={styles.choiceLabel}>{t('it.base.custom')}</span>
          <InputNumber min={2} max={36} value={custom} onChange={(v) => setCustom(Math.min(36, Math.max(2, Number(v) || 2)))} aria-label={t('it.base.custom')} />
        </label>
        <Choice label={t('it.base.grouping')} value={group ? 'on' : 'off'} onChange={(v) => setGroup(v === 'on')} options={[{ value: 'off', label: t('it.base.plain') }, { value: 'on', label: t('it.base.grouped') }]} />
      </Row>
      {result?.ok ? (
        <div>
          {Object.entries(result.value).map(([b, v]) => (
            <OutputLine key={b} label={label(Number(b))} value={group ? grouped(v, Number(b)) : v} testId={`base-${b}`} />
          ))}
        </div>
      ) : null}
    </>
  );
}
