import { useMemo, useState } from 'react';
import { Input } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { hexToBytes } from '../logic/bytes';
import { HASH_LABELS, hmacOf, type HashName } from '../logic/hash';
import { fail, ok } from '../logic/result';
import { Choice, ErrorText, OutputLine, Row, TextInput } from '../parts';
import styles from '../itTools.module.css';

const ALGORITHMS: HashName[] = ['sha256', 'sha512', 'sha384', 'sha1', 'md5'];

export default function HmacTool() {
  const [algorithm, setAlgorithm] = useState<HashName>('sha256');
  const [key, setKey] = useState('');
  const [keyFormat, setKeyFormat] = useState<'text' | 'hex'>('text');
  const [message, setMessage] = useState('');
  const result = useMemo(() => {
    if (!key && !message) return null;
    const keyBytes = keyFormat === 'hex' ? hexToBytes(key) : key;
    if (keyBytes === null) return fail(t('it.hmac.badHexKey'));
    return ok(hmacOf(algorithm, keyBytes, message));
  }, [algorithm, key, keyFormat, message]);
  return (
    <>
      <Row>
        <Choice label={t('it.hmac.algorithm')} value={algorithm} onChange={setAlgorithm} options={ALGORITHMS.map((a) => ({ value: a, label: `HMAC-${HASH_LABELS[a]}` }))} />
      </Row>
      <div className={styles.field}>
        <Row>
          <span className={styles.label}>{t('it.hmac.key')}</span>
          <Choice label={t('it.hmac.keyFormat')} value={keyFormat} onChange={setKeyFormat} options={[{ value: 'text', label: t('it.hmac.keyText') }, { value: 'hex', label: 'Hex' }]} />
        </Row>
        <Input value={key} onChange={(e) => setKey(e.target.value)} aria-label={t('it.hmac.key')} className={styles.mono} data-testid="hmac-key" />
      </div>
      <TextInput label={t('it.hmac.message')} value={message} onChange={setMessage} testId="hmac-message" />
      <ErrorText error={result && !result.ok ? result.error : null} />
      {result?.ok ? (
        <div>
          <OutputLine label="Hex" value={result.value.hex} testId="hmac-hex" />
          <OutputLine label="Base64" value={result.value.base64} testId="hmac-base64" />
        </div>
      ) : null}
    </>
  );
}
