import { useMemo, useState } from 'react';
import { t } from '../i18n';
import { encodeBase64Bytes, parseDataUrl } from '../logic/base64';
import { Choice, ErrorText, Output, TextInput } from '../parts';
import styles from '../itTools.module.css';

const MAX_BYTES = 10 * 1024 * 1024;

function ImageToBase64() {
  const [dataUrl, setDataUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (!file.type.startsWith('image/')) return setError(t('it.qr.notImage'));
    if (file.size > MAX_BYTES) return setError(t('it.base64Image.tooLarge', { mb: MAX_BYTES / 1024 / 1024 }));
    const bytes = new Uint8Array(await file.arrayBuffer());
    setDataUrl(`data:${file.type};base64,${encodeBase64Bytes(bytes)}`);
  };
  return (
    <>
      <input type="file" accept="image/*" aria-label={t('it.base64Image.pick')} onChange={(e) => void pick(e.target.files?.[0])} />
      <ErrorText error={error} />
      {dataUrl ? (
        <>
          <img src={dataUrl} alt={t('it.base64Image.preview')} className={styles.image} />
          <Output label="Data URL" value={dataUrl} rows={6} />
          <Output label="CSS" value={`background-image: url("${dataUrl}");`} rows={3} />
        </>
      ) : null}
    </>
  );
}

function Base64ToImage() {
  const [input, setInput] = useState('');
  const result = useMemo(() => (input.trim() ? parseDataUrl(input) : null), [input]);
  return (
    <>
      <TextInput label={t('it.base64Image.input')} value={input} onChange={setInput} rows={6} placeholder="data:image/png;base64,iVBORw0…" />
      <ErrorText error={result && !result.ok ? result.error : null} />
      {result?.ok ? (
        <>
          <p className={styles.note}>{t('it.base64Image.info', { mime: result.value.mime, size: result.value.bytes.toLocaleString() })}</p>
          <img src={`data:${result.value.mime};base64,${result.value.base64}`} alt={t('it.base64Image.preview')} className={styles.image} />
        </>
      ) : null}
    </>
  );
}

export default function Base64ImageTool() {
  const [mode, setMode] = useState<'toBase64' | 'toImage'>('toBase64');
  return (
    <>
      <Choice label={t('it.common.direction')} value={mode} onChange={setMode} options={[{ value: 'toBase64', label: t('it.base64Image.toBase64') }, { value: 'toImage', label: t('it.base64Image.toImage') }]} />
      {mode === 'toBase64' ? <ImageToBase64 /> : <Base64ToImage />}
    </>
  );
}
