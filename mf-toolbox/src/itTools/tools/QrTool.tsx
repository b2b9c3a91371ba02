import { useEffect, useState, type ClipboardEvent } from 'react';
import { Button } from '@qiming/sdk/ui';
import { Input, Select } from '@qiming/sdk/ui/form';
import { t } from '../i18n';
import { makeQr, readQr, type ErrorLevel } from '../logic/qr';
import type { Result } from '../logic/result';
import { Choice, ErrorText, Output, Row, TextInput } from '../parts';
import styles from '../itTools.module.css';

const MAX_SIDE = 1600;

/** An image file's RGBA pixels, scaled down so a phone photo does not take seconds. */
async function pixelsOf(file: Blob): Promise<{ data: Uint8ClampedArray; width: number; height: number }> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const scale = Math.min(1, MAX_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
    const width = Math.max(1, Math.round(img.naturalWidth * scale));
    const height = Math.max(1, Math.round(img.naturalHeight * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d')!;
    context.drawImage(img, 0, 0, width, height);
    return { data: context.getImageData(0, 0, width, height).data, width, height };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function download(href: string, name: string) {
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  a.click();
}

function MakeQr() {
  const [text, setText] = useState('https://');
  const [level, setLevel] = useState<ErrorLevel>('M');
  const [size, setSize] = useState(256);
  const [dark, setDark] = useState('#000000');
  const [light, setLight] = useState('#ffffff');
  const [result, setResult] = useState<Result<{ png: string; svg: string }> | null>(null);
  useEffect(() => {
    let live = true;
    if (!text) {
      setResult(null);
      return;
    }
    void makeQr(text, { level, size, dark, light }).then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [text, level, size, dark, light]);
  return (
    <>
      <TextInput label={t('it.qr.content')} value={text} onChange={setText} rows={3} testId="qr-text" />
      <Row>
        <Choice label={t('it.qr.level')} value={level} onChange={setLevel} options={(['L', 'M', 'Q', 'H'] as const).map((l) => ({ value: l, label: t(`it.qr.level${l}`) }))} />
        <label className={styles.choice}>
          <span className={styles.choiceLabel}>{t('it.qr.size')}</span>
          <Select value={size} onChange={setSize} aria-label={t('it.qr.size')} options={[128, 256, 512, 1024].map((s) => ({ value: s, label: `${s} px` }))} style={{ width: 110 }} />
        </label>
        <label className={styles.choice}>
          <span className={styles.choiceLabel}>{t('it.qr.dark')}</span>
          <input type="color" value={dark} onChange={(e) => setDark(e.target.value)} aria-label={t('it.qr.dark')} />
        </label>
        <label className={styles.choice}>
          <span className={styles.choiceLabel}>{t('it.qr.light')}</span>
          <input type="color" value={light} onChange={(e) => setLight(e.target.value)} aria-label={t('it.qr.light')} />
        </label>
      </Row>
      <ErrorText error={result && !result.ok ? result.error : null} />
      {result?.ok ? (
        <>
          <img src={result.value.png} alt={t('it.qr.image')} className={styles.image} style={{ width: Math.min(size, 320) }} data-testid="qr-image" />
          <Row>
            <Button onClick={() => download(result.value.png, 'qrcode.png')}>{t('it.qr.downloadPng')}</Button>
            <Button onClick={() => download(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(result.value.svg)}`, 'qrcode.svg')}>{t('it.qr.downloadSvg')}</Button>
          </Row>
        </>
      ) : null}
    </>
  );
}

function ReadQr() {
  const [preview, setPreview] = useState<string | null>(null);
  const [result, setResult] = useState<Result<string> | null>(null);
  const [busy, setBusy] = useState(false);
  const read = async (file: Blob | null | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setResult({ ok: false, error: t('it.qr.notImage') });
      return;
    }
    setBusy(true);
    setPreview((old) => {
      if (old) URL.revokeObjectURL(old);
      return URL.createObjectURL(file);
    });
    try {
      const { data, width, height } = await pixelsOf(file);
      setResult(readQr(data, width, height));
    } catch {
      setResult({ ok: false, error: t('it.qr.badImage') });
    } finally {
      setBusy(false);
    }
  };
  const onPaste = (event: ClipboardEvent) => {
    const item = [...event.clipboardData.items].find((i) => i.type.startsWith('image/'));
    if (item) {
      event.preventDefault();
      void read(item.getAsFile());
    }
  };
  return (
    <>
      <div onPaste={onPaste} className={styles.field}>
        <span className={styles.label}>{t('it.qr.pick')}</span>
        <input type="file" accept="image/*" aria-label={t('it.qr.pick')} onChange={(e) => void read(e.target.files?.[0])} data-testid="qr-file" />
        <Input placeholder={t('it.qr.pasteHere')} aria-label={t('it.qr.pasteHere')} value="" onChange={() => undefined} />
      </div>
      {busy ? <p>{t('it.qr.reading')}</p> : null}
      {preview ? <img src={preview} alt={t('it.qr.uploaded')} className={styles.image} /> : null}
      <ErrorText error={result && !result.ok ? result.error : null} />
      {result?.ok ? <Output label={t('it.qr.decoded')} value={result.value} rows={3} testId="qr-decoded" /> : null}
    </>
  );
}

export default function QrTool() {
  const [mode, setMode] = useState<'make' | 'read'>('make');
  return (
    <>
      <Choice label={t('it.qr.mode')} value={mode} onChange={setMode} options={[{ value: 'make', label: t('it.qr.make') }, { value: 'read', label: t('it.qr.read') }]} />
      {mode === 'make' ? <MakeQr /> : <ReadQr />}
    </>
  );
}
