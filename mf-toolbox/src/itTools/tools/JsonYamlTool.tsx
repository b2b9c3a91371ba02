import { useMemo, useState } from 'react';
import { t } from '../i18n';
import { jsonToYaml, yamlToJson } from '../logic/json';
import { Choice, ErrorText, Output, TextInput } from '../parts';

export default function JsonYamlTool() {
  const [direction, setDirection] = useState<'toYaml' | 'toJson'>('toYaml');
  const [input, setInput] = useState('');
  const result = useMemo(() => (input.trim() ? (direction === 'toYaml' ? jsonToYaml(input) : yamlToJson(input)) : null), [input, direction]);
  const from = direction === 'toYaml' ? 'JSON' : 'YAML';
  const to = direction === 'toYaml' ? 'YAML' : 'JSON';
  return (
    <>
      <Choice label={t('it.common.direction')} value={direction} onChange={setDirection} options={[{ value: 'toYaml', label: 'JSON → YAML' }, { value: 'toJson', label: 'YAML → JSON' }]} />
      <TextInput label={from} value={input} onChange={setInput} rows={10} testId="json-yaml-input" />
      <ErrorText error={result && !result.ok ? result.error : null} />
      <Output label={to} value={result?.ok ? result.value : ''} rows={10} testId="json-yaml-output" />
    </>
  );
}
