import { useMemo, useState } from 'react';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { rmbUppercase } from '../logic/rmb';
import { ErrorText, OutputLine } from '../parts';
import styles from '../itTools.module.css';

export default function RmbTool() {
  const [input, setInput] = useState('');
  const result = useMemo(() => (input.trim() ? rmbUppercase(input) : null), [input]);
  return (
    <>
      <Input value={input} onChange={(e) => setInput(e.target.value)} aria-label={t('it.rmb.amount')} placeholder="1234.56" className={styles.mono} data-testid="rmb-input" />
      <p className={styles.note}>{t('it.rmb.note')}</p>
      <ErrorText error={result && !result.ok ? result.error : null} />
      {result?.ok ? <OutputLine label={t('it.rmb.uppercase')} value={result.value} testId="rmb-output" /> : null}
    </>
  );
}
