import { useMemo, useState } from 'react';
import { Checkbox } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { formatJson, minifyJson, type Indent } from '../logic/json';
import { Choice, ErrorText, Output, Row, TextInput } from '../parts';

export default function JsonTool() {
  const [input, setInput] = useState('');
  const [mode, setMode] = useState<'format' | 'minify'>('format');
  const [indent, setIndent] = useState<Indent>(2);
  const [sortKeys, setSortKeys] = useState(false);
  const result = useMemo(() => (input.trim() ? (mode === 'format' ? formatJson(input, indent, sortKeys) : minifyJson(input)) : null), [input, mode, indent, sortKeys]);

  return (
    <>
      <TextInput label={t('it.common.input')} value={input} onChange={setInput} rows={10} placeholder={t('it.json.placeholder')} testId="json-input" />
      <Row>
        <Choice label={t('it.json.mode')} value={mode} onChange={setMode} options={[{ value: 'format', label: t('it.json.format') }, { value: 'minify', label: t('it.json.minify') }]} />
        {mode === 'format' ? (
          <>
            <Choice label={t('it.json.indent')} value={indent} onChange={setIndent} options={[{ value: 2, label: t('it.json.spaces', { n: 2 }) }, { value: 4, label: t('it.json.spaces', { n: 4 }) }, { value: 'tab', label: 'Tab' }]} />
            <Checkbox checked={sortKeys} onChange={(e) => setSortKeys(e.target.checked)}>
              {t('it.json.sortKeys')}
            </Checkbox>
          </>
        ) : null}
      </Row>
      {result?.ok ? <p data-testid="json-valid">{t('it.json.valid')}</p> : null}
      <ErrorText error={result && !result.ok ? result.error : null} />
      <Output label={t('it.common.output')} value={result?.ok ? result.value : ''} rows={12} testId="json-output" />
    </>
  );
}
