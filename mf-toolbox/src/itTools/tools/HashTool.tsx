import { useEffect, useMemo, useState } from 'react';
import { Button } from '@qiming/sdk/ui';
import { Checkbox } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { HASH_LABELS, HASH_NAMES, hashAll, hashBlob, type Digest, type HashName } from '../logic/hash';
import { Choice, ErrorText, OutputLine, Row, TextInput } from '../parts';
import styles from '../itTools.module.css';

type Digests = Record<HashName, Digest>;

export default function HashTool() {
  const [source, setSource] = useState<'text' | 'file'>('text');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileDigests, setFileDigests] = useState<Digests | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [encoding, setEncoding] = useState<'hex' | 'base64'>('hex');
  const [upper, setUpper] = useState(false);
  const textDigests = useMemo(() => (source === 'text' ? hashAll(text) : null), [source, text]);

  useEffect(() => {
    if (!file) return;
    let live = true;
    setFileDigests(null);
    setError(null);
    setProgress(0);
    hashBlob(file, (f) => live && setProgress(f))
      .then((d) => live && setFileDigests(d))
      .catch(() => live && setError(t('it.hash.readFailed')))
      .finally(() => live && setProgress(null));
    return () => {
      live = false;
    };
  }, [file]);

  const digests = source === 'text' ? textDigests : fileDigests;
  const show = (d: Digest) => (encoding === 'base64' ? d.base64 : upper ? d.hex.toUpperCase() : d.hex);
  return (
    <>
      <Row>
        <Choice label={t('it.hash.source')} value={source} onChange={setSource} options={[{ value: 'text', label: t('it.hash.text') }, { value: 'file', label: t('it.hash.file') }]} />
        <Choice label={t('it.hash.encoding')} value={encoding} onChange={setEncoding} options={[{ value: 'hex', label: 'Hex' }, { value: 'base64', label: 'Base64' }]} />
        {encoding === 'hex' ? (
          <Checkbox checked={upper} onChange={(e) => setUpper(e.target.checked)}>
            {t('it.common.uppercase')}
          </Checkbox>
        ) : null}
      </Row>
      {source === 'text' ? (
        <TextInput label={t('it.hash.text')} value={text} onChange={setText} testId="hash-input" />
      ) : (
        <Row>
          <label>
            <input type="file" onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-label={t('it.hash.pickFile')} />
          </label>
          {file ? <span className={styles.note}>{t('it.hash.fileInfo', { name: file.name, size: file.size.toLocaleString() })}</span> : null}
          {progress !== null ? <span>{t('it.hash.progress', { n: Math.round(progress * 100) })}</span> : null}
          {file ? (
            <Button size="small" onClick={() => setFile(null)}>
              {t('it.common.clear')}
            </Button>
          ) : null}
        </Row>
      )}
      <p className={styles.note}>{t('it.hash.note')}</p>
      <ErrorText error={error} />
      {digests ? (
        <div>
          {HASH_NAMES.map((name) => (
            <OutputLine key={name} label={HASH_LABELS[name]} value={show(digests[name])} testId={`hash-${name}`} />
          ))}
        </div>
      ) : null}
    </>
  );
}
