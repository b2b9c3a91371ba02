import { useRef, useState } from 'react';
import { toasts } from '@qiming/sdk';
import { t } from '../i18n';
import { CodePreviewFrame } from './CodePreviewFrame';
import { DIAGRAM_FILES, svgFileText, svgToPng } from './diagramImage';
import { downloadBlob } from './download';
import styles from './markdown.module.css';

export type Preview = { kind: 'code'; page: string } | { kind: 'diagram'; svg: string };

/** spec chat §9: the code preview downloads as iframe-content.html. */
export const PREVIEW_FILE = 'iframe-content.html';
/** spec chat §9: download messages show for 2 s. */
const DOWNLOAD_TOAST_MS = 2000;

/**
 * The preview drawer (spec chat §2): 45% wide, a flowchart full screen on phones. Code runs in a
 * sandboxed frame that cannot reach this page, its storage or its session (`CodePreviewFrame`).
 */
export default function PreviewDrawer({ preview, onClose }: { preview: Preview; onClose(): void }) {
  const diagramBox = useRef<HTMLDivElement>(null);
  const [run, setRun] = useState(0);

  const downloadDiagram = async (format: 'svg' | 'png') => {
    const svg = diagramBox.current?.querySelector('svg');
    if (!svg) {
      toasts.error(t('mermaid.notFound'));
      return;
    }
    try {
      if (format === 'svg') downloadBlob(new Blob([svgFileText(svg)], { type: 'image/svg+xml' }), DIAGRAM_FILES.svg);
      else {
        let png: Blob;
        try {
          png = await svgToPng(svg);
        } catch {
          toasts.error(t('mermaid.imageFailed'));
          return;
        }
        downloadBlob(png, DIAGRAM_FILES.png);
      }
      toasts.success(t('mermaid.downloaded'), { durationMs: DOWNLOAD_TOAST_MS });
    } catch (error) {
      toasts.error(`${t('mermaid.downloadFailed')}${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <div className={styles.previewLayer} role="dialog" aria-label={preview.kind === 'code' ? t('code.previewTitle') : t('mermaid.previewTitle')} data-testid="preview-drawer">
      <button type="button" className={styles.previewMask} aria-label={t('preview.close')} onClick={onClose} />
      <aside className={preview.kind === 'diagram' ? `${styles.previewDrawer} ${styles.previewDiagram}` : styles.previewDrawer}>
        <header className={styles.previewHead}>
          <strong>{preview.kind === 'code' ? t('code.previewTitle') : t('mermaid.previewTitle')}</strong>
          <span className={styles.previewActions}>
            {preview.kind === 'code' ? (
              <>
                <button type="button" onClick={() => setRun((n) => n + 1)}>{t('code.rerun')}</button>
                <button type="button" onClick={() => downloadBlob(new Blob([preview.page], { type: 'text/html;charset=utf-8' }), PREVIEW_FILE)}>
                  {t('code.download')}
                </button>
              </>
            ) : (
              <>
                <button type="button" onClick={() => void downloadDiagram('svg')}>{t('mermaid.downloadSvg')}</button>
                <button type="button" onClick={() => void downloadDiagram('png')}>{t('mermaid.downloadPng')}</button>
              </>
            )}
            <button type="button" onClick={onClose} aria-label={t('preview.close')}>✕</button>
          </span>
        </header>
        {preview.kind === 'code' ? (
          <CodePreviewFrame key={run} page={preview.page} />
        ) : (
          // the SVG was sanitized when the diagram was drawn (sanitizeSvg)
          <div ref={diagramBox} className={styles.previewSvg} dangerouslySetInnerHTML={{ __html: preview.svg }} />
        )}
      </aside>
    </div>
  );
}
