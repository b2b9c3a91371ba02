import { useMemo, useState } from 'react';
import { t } from '../i18n';
import { textStats, type TextStats } from '../logic/textStats';
import { TextInput } from '../parts';
import styles from '../itTools.module.css';

const SHOWN: (keyof TextStats)[] = ['characters', 'charactersNoSpaces', 'chinese', 'words', 'lines', 'paragraphs', 'utf8Bytes', 'readingMinutes'];

export default function TextStatsTool() {
  const [text, setText] = useState('');
  const stats = useMemo(() => textStats(text), [text]);
  return (
    <>
      <TextInput label={t('it.common.input')} value={text} onChange={setText} rows={10} testId="stats-input" />
      <div className={styles.stats}>
        {SHOWN.map((k) => (
          <div key={k} className={styles.stat} data-testid={`stat-${k}`}>
            <strong>{stats[k].toLocaleString()}</strong>
            <span>{t(`it.stats.${k}`)}</span>
          </div>
        ))}
      </div>
    </>
  );
}
