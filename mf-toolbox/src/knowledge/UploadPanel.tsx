import { useRef, useState, type DragEvent } from 'react';
import { Button } from '@qiming/sdk/ui';
import { formatBytes } from './format';
import { PasteTextDialog } from './PasteTextDialog';
import { ACCEPT } from './uploadRules';
import { useUploads, type UploadEntry } from './useUploads';
import { t } from '../i18n';
import styles from './knowledge.module.css';

const STATE_TEXT = {
  waiting: 'knowledge.upload.waiting',
  uploading: 'knowledge.upload.uploading',
  uploaded: 'knowledge.upload.adding',
  added: 'knowledge.upload.added',
  failed: 'knowledge.upload.failedShort',
} as const;

/** 上传文档: a picker and a drop zone for many files, and each file's progress or why it failed. */
export function UploadPanel({ knowledgeId, onAdded }: { knowledgeId: string; onAdded(): void }) {
  const uploads = useUploads(knowledgeId, onAdded);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [pasting, setPasting] = useState(false);

  const take = (files: FileList | null) => {
    if (files && files.length > 0) void uploads.add(Array.from(files));
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };

  return (
    <section className={styles.upload}>
      <div
        className={`${styles.dropZone} ${over ? styles.dropZoneOver : ''}`}
        data-testid="drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <Button type="primary" onClick={() => input.current?.click()}>
          {t('knowledge.upload.button')}
        </Button>
        <Button onClick={() => setPasting(true)}>{t('knowledge.paste.open')}</Button>
        <span className={styles.dropText}>{t('knowledge.upload.drop')}</span>
        <p className={styles.note}>{t('knowledge.upload.hint')}</p>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPT}
          data-testid="upload-input"
          onChange={(event) => {
            take(event.target.files);
            event.target.value = '';
          }}
        />
      </div>
      {pasting ? <PasteTextDialog onClose={() => setPasting(false)} onAdd={(file) => void uploads.add([file])} /> : null}
      {uploads.entries.length > 0 ? (
        <>
          <ul className={styles.uploadList} aria-label={t('knowledge.upload.list')}>
            {uploads.entries.map((entry) => (
              <UploadRow key={entry.key} entry={entry} />
            ))}
          </ul>
          {uploads.busy ? null : (
            <Button size="small" type="link" onClick={uploads.clearFinished}>
              {t('knowledge.upload.clear')}
            </Button>
          )}
        </>
      ) : null}
    </section>
  );
}

function UploadRow({ entry }: { entry: UploadEntry }) {
  const failed = entry.state === 'failed';
  return (
    <li className={styles.uploadRow} data-testid="upload-row">
      <span className={styles.uploadName}>{entry.name}</span>
      <span className={styles.uploadSize}>{formatBytes(entry.size)}</span>
      {failed ? null : (
        <span className={styles.progress} role="progressbar" aria-label={entry.name} aria-valuemin={0} aria-valuemax={100} aria-valuenow={entry.percent}>
          <span className={styles.progressFill} style={{ width: `${entry.percent}%` }} />
        </span>
      )}
      <span className={failed ? styles.uploadError : styles.uploadState}>{failed ? t('knowledge.upload.failedWhy', { reason: entry.error ?? '' }) : t(STATE_TEXT[entry.state])}</span>
    </li>
  );
}
