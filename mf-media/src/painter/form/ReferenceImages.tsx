import { useEffect, useRef, useState, type DragEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { IMAGE_LIMITS } from '@qiming/sdk';
import { Button, Spin } from '@qiming/sdk/ui';
import { usePainterStore } from '../painterContext';
import type { PainterTab } from '../painterStore';
import { REFERENCE_TYPES } from '../rules';
import { t } from '../../i18n';
import styles from '../painter.module.css';

const LABELS: Record<Exclude<PainterTab, 'txt2img'>, () => string> = {
  img2img: () => t('painter.reference.label.img2img'),
  blend: () => t('painter.reference.label.blend', { max: IMAGE_LIMITS.maxReferences }),
  describe: () => t('painter.reference.label.describe'),
  swapFace: () => t('painter.reference.label.swapFace'),
};

const filesOf = (list: FileList | null | undefined): File[] => (list ? Array.from(list) : []);

/**
 * The tab's reference images: picked with the button, dropped on the zone, or pasted from the
 * clipboard anywhere on the page while it shows. Checked (type, size, how many) before uploading.
 */
export const ReferenceImages = observer(function ReferenceImages() {
  const store = usePainterStore();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const tab = store.tab;
  const takesImages = tab !== 'txt2img';

  useEffect(() => {
    if (!takesImages || !store.shown) return;
    const onPaste = (event: ClipboardEvent) => {
      const images = filesOf(event.clipboardData?.files).filter((file) => file.type.startsWith('image/'));
      if (images.length === 0) return; // text pastes into the prompt as usual
      event.preventDefault();
      void store.addReferences(images);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [store, takesImages, store.shown]);

  if (!takesImages) return null;

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void store.addReferences(filesOf(event.dataTransfer?.files));
  };

  return (
    <div className={styles.field}>
      <div className={styles.fieldLabel}>{LABELS[tab]()}</div>
      <div
        className={styles.dropZone}
        data-dragging={dragging}
        data-testid="reference-drop"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        {store.references.length > 0 && (
          <div className={styles.thumbs}>
            {store.references.map((slot, index) => (
              <div key={slot.key} className={styles.thumb} title={slot.name}>
                {slot.image ? <img src={slot.image.url} alt={slot.name} /> : <Spin size="small" aria-label={t('painter.reference.uploading')} />}
                {tab === 'swapFace' && index < 2 && <span className={styles.thumbLabel}>{index === 0 ? t('painter.reference.face') : t('painter.reference.target')}</span>}
                <button type="button" className={styles.thumbRemove} aria-label={`${t('painter.reference.remove')} ${slot.name}`} onClick={() => store.removeReference(slot.key)}>
                  ×
                </button>
              </div>
            ))}
          </div>
        )}
        <Button size="small" disabled={store.references.length >= store.referenceRule.max} onClick={() => input.current?.click()}>
          {dragging ? t('painter.reference.drop') : t('painter.reference.upload')}
        </Button>
        <div className={styles.muted} style={{ marginTop: 6 }}>
          {t('painter.reference.hint', { mb: IMAGE_LIMITS.referenceMaxBytes / 1024 / 1024 })}
        </div>
        <input
          ref={input}
          type="file"
          hidden
          multiple={store.referenceRule.max > 1}
          accept={REFERENCE_TYPES.join(',')}
          aria-label={t('painter.reference.upload')}
          data-testid="reference-input"
          onChange={(event) => {
            const files = filesOf(event.target.files);
            event.target.value = '';
            void store.addReferences(files);
          }}
        />
      </div>
      {store.referenceNotice && (
        <div className={styles.notice} role="alert">
          {t(store.referenceNotice.key, store.referenceNotice.vars)}
        </div>
      )}
    </div>
  );
});
