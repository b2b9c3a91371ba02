import { useEffect, useRef } from 'react';
import { siteConfig } from '@qiming/sdk';
import { t } from '../i18n';
import styles from './markdown.module.css';

/**
 * Runs a preview page (spec chat §5: scripts, forms, same-origin). With a separate preview origin
 * configured (PREVIEW_ORIGIN) the page runs there with same-origin rights of its own — storage
 * works, and the product's origin stays out of reach. Without one it runs from `srcdoc` in an
 * opaque origin: scripts and forms, but no same-origin, which here would be the product's own.
 */
export function CodePreviewFrame({ page }: { page: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const previewOrigin = siteConfig()?.previewOrigin;

  useEffect(() => {
    if (!previewOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== previewOrigin || event.source !== frame.current?.contentWindow) return;
      if ((event.data as { type?: string } | null)?.type === 'qiming-preview-ready') frame.current?.contentWindow?.postMessage({ type: 'qiming-preview', page }, previewOrigin);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [page, previewOrigin]);

  return previewOrigin ? (
    <iframe
      ref={frame}
      className={styles.previewFrame}
      title={t('code.previewTitle')}
      sandbox="allow-scripts allow-forms allow-modals allow-same-origin"
      src={`${previewOrigin}/preview-frame.html`}
      data-testid="preview-frame"
    />
  ) : (
    <iframe className={styles.previewFrame} title={t('code.previewTitle')} sandbox="allow-scripts allow-forms allow-modals" srcDoc={page} data-testid="preview-frame" />
  );
}
