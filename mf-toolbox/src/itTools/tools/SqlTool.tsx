import { useMemo, useState } from 'react';
import { Select } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { formatSql, SQL_DIALECTS, type SqlOptions } from '../logic/sql';
import { Choice, ErrorText, Output, Row, TextInput } from '../parts';
import styles from '../itTools.module.css';

export default function SqlTool() {
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<SqlOptions>({ language: 'sql', keywordCase: 'upper', indent: 2 });
  const result = useMemo(() => (input.trim() ? formatSql(input, options) : null), [input, options]);
  const set = (patch: Partial<SqlOptions>) => setOptions((o) => ({ ...o, ...patch }));
  return (
    <>
      <Row>
        <label className={styles.choice}>
          <span className={styles.choiceLabel}>{t('it.sql.dialect')}</span>
          <Select value={options.language} onChange={(language) => set({ language })} aria-label={t('it.sql.dialect')} style={{ width: 150 }} options={SQL_DIALECTS.map((d) => ({ value: d, label: d === 'sql' ? t('it.sql.standard') : d }))} />
        </label>
        <Choice label={t('it.sql.keywords')} value={options.keywordCase} onChange={(keywordCase) => set({ keywordCase })} options={[{ value: 'upper', label: t('it.common.uppercase') }, { value: 'lower', label: t('it.common.lowercase') }, { value: 'preserve', label: t('it.sql.preserve') }]} />
        <Choice label={t('it.json.indent')} value={options.indent} onChange={(indent) => set({ indent })} options={[{ value: 2, label: t('it.json.spaces', { n: 2 }) }, { value: 4, label: t('it.json.spaces', { n: 4 }) }]} />
      </Row>
      <TextInput label="SQL" value={input} onChange={setInput} rows={8} placeholder="select id, name from users where age > 18 order by name" testId="sql-input" />
      <ErrorText error={result && !result.ok ? result.error : null} />
      <Output label={t('it.common.output')} value={result?.ok ? result.value : ''} rows={12} testId="sql-output" />
    </>
  );
}
