import { useRef } from 'react';
import { observer } from 'mobx-react-lite';
import type { UploadKind, UploadResult } from '@qiming/sdk/contracts';
import { PaperclipIcon } from '../icons';
import { ProgressBar } from '../ProgressBar';
import { t } from '../i18n';
import { UploadStore } from './UploadStore';
import styles from './uploads.module.css';

/** The upload (paperclip) control: a file chooser limited to the model's types; a progress bar, then 正在解析.... */
export const UploadButton = observer(function UploadButton({ uploads, model }: { uploads: UploadStore; model: string }) {
  const input = useRef<HTMLInputElement>(null);
  const { phase } = uploads;
  if (phase.kind === 'parsing') {
    return (
      <span className={styles.parsing} data-testid="upload-parsing">
        <span className={styles.spinner} aria-hidden /> {t('upload.parsing')}
      </span>
    );
  }
  if (phase.kind === 'uploading') {
    return <ProgressBar percent={phase.percent} testId="upload-progress" title={phase.name} />;
  }
  return (
    <>
      <button type="button" className={styles.attach} onClick={() => input.current?.click()} aria-label={t('upload.choose')} title={t('upload.choose')} data-testid="upload-button">
        <PaperclipIcon />
      </button>
      <input
        ref={input}
        type="file"
        hidden
        accept={UploadStore.acceptFor(model)}
        data-testid="upload-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void uploads.upload(file, model);
        }}
      />
    </>
  );
});

const CHIP_LABEL: Record<UploadKind, string> = { pdf: 'PDF', docx: 'DOCX', xlsx: 'XLSX', image: 'upload.kindImage', text: 'upload.kindText', other: 'upload.kindOther' };

function chipLabel(kind: UploadKind): string {
  const label = CHIP_LABEL[kind];
  return label.startsWith('upload.') ? t(label as 'upload.kindImage') : label;
}

/** The uploaded files (removable by index) and, once there are some, the two quick prompts. */
export const FileChips = observer(function FileChips({ files, onRemove, onPrompt }: { files: UploadResult[]; onRemove(index: number): void; onPrompt(text: string): void }) {
  if (files.length === 0) return null;
  return (
    <div className={styles.files} data-testid="upload-files">
      <div className={styles.chips}>
        {files.map((file, index) => (
          <span key={`${file.knowledgeId}-${index}`} className={`${styles.chip} ${styles[file.kind] ?? ''}`} data-testid="upload-chip" title={file.ocr ? t('upload.ocrNote') : file.name}>
            <b>{chipLabel(file.kind)}</b>
            <span className={styles.name}>{file.name}</span>
            <button type="button" aria-label={t('upload.remove', { name: file.name })} onClick={() => onRemove(index)}>
              ✕
            </button>
          </span>
        ))}
      </div>
      <div className={styles.prompts}>
        {[t('upload.promptSummary'), t('upload.promptMain')].map((prompt) => (
          <button type="button" key={prompt} onClick={() => onPrompt(prompt)} data-testid="upload-prompt">
            {prompt}
          </button>
        ))}
      </div>
    </div>
  );
});
