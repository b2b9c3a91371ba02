import { useMemo, useState } from 'react';
import { Checkbox } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { decodeBase64, encodeBase64 } from '../logic/base64';
import { ok } from '../logic/result';
import { Choice, ErrorText, Output, Row, TextInput } from '../parts';
import styles from '../itTools.module.css';

export default function Base64Tool() {
  const [direction, setDirection] = useState<'encode' | 'decode'>('encode');
  const [input, setInput] = useState('');
  const [urlSafe, setUrlSafe] = useState(false);
  const [pad, setPad] = useState(true);
  const result = useMemo(() => {
    if (!input) return null;
    return direction === 'encode' ? ok(encodeBase64(input, { urlSafe, pad })) : decodeBase64(input);
  }, [input, direction, urlSafe, pad]);
  return (
    <>
      <Row>
        <Choice label={t('it.common.direction')} value={direction} onChange={setDirection} options={[{ value: 'encode', label: t('it.common.encode') }, { value: 'decode', label: t('it.common.decode') }]} />
        {direction === 'encode' ? (
          <>
            <Checkbox checked={urlSafe} onChange={(e) => setUrlSafe(e.target.checked)}>
              {t('it.base64.urlSafe')}
            </Checkbox>
            <Checkbox checked={pad} onChange={(e) => setPad(e.target.checked)}>
              {t('it.base64.pad')}
            </Checkbox>
          </>
        ) : null}
      </Row>
      <TextInput label={direction === 'encode' ? t('it.base64.text') : 'Base64'} value={input} onChange={setInput} testId="base64-input" />
      {direction === 'decode' ? <p className={styles.note}>{t('it.base64.decodeNote')}</p> : null}
      <ErrorText error={result && !result.ok ? result.error : null} />
      <Output label={direction === 'encode' ? 'Base64' : t('it.base64.text')} value={result?.ok ? result.value : ''} testId="base64-output" />
    </>
  );
}
