import { useMemo, useState } from 'react';
import { t } from '../i18n';
import { decodeEntities, encodeEntities, type EntityMode } from '../logic/htmlEntities';
import { Choice, Output, Row, TextInput } from '../parts';

export default function HtmlEntitiesTool() {
  const [direction, setDirection] = useState<'encode' | 'decode'>('encode');
  const [mode, setMode] = useState<EntityMode>('basic');
  const [input, setInput] = useState('');
  const output = useMemo(() => (direction === 'encode' ? encodeEntities(input, mode) : decodeEntities(input)), [input, direction, mode]);
  return (
    <>
      <Row>
        <Choice label={t('it.common.direction')} value={direction} onChange={setDirection} options={[{ value: 'encode', label: t('it.entities.encode') }, { value: 'decode', label: t('it.entities.decode') }]} />
        {direction === 'encode' ? (
          <Choice label={t('it.entities.mode')} value={mode} onChange={setMode} options={[{ value: 'basic', label: t('it.entities.basic') }, { value: 'nonAscii', label: t('it.entities.nonAscii') }, { value: 'all', label: t('it.entities.all') }]} />
        ) : null}
      </Row>
      <TextInput label={t('it.common.input')} value={input} onChange={setInput} testId="entities-input" />
      <Output label={t('it.common.output')} value={output} testId="entities-output" />
    </>
  );
}
