import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { toasts } from '@qiming/sdk';
import { Button, Spin } from '@qiming/sdk/ui';
import type { WhiteboardScene } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import type { BoardAutosave } from './autosave';
import type { CanvasHandle } from './ExcalidrawCanvas';
import { download, fileNameOf } from './download';
import styles from './whiteboard.module.css';

// The library is its own chunk, loaded only when a board is open (not for the board list).
const ExcalidrawCanvas = lazy(() => import(/* webpackChunkName: "excalidraw" */ './ExcalidrawCanvas'));

export interface BoardEditorProps {
  title: string;
  initialScene: WhiteboardScene;
  autosave: BoardAutosave;
  /** Left of the title: 白板列表, or the visitor's login prompt. */
  start?: ReactNode;
  /** Beside the title (rename). */
  titleActions?: ReactNode;
  /** Under the toolbar: the conflict's choices. */
  banner?: ReactNode;
  /** The canvas is up: the page may ask it for the scene. */
  onCanvas?(handle: CanvasHandle): void;
}

/** 已保存 / 正在保存… / 保存失败，重试 */
export const SaveState = observer(function SaveState({ autosave }: { autosave: BoardAutosave }) {
  switch (autosave.status) {
    case 'saved':
      return <span className={styles.saved} data-testid="save-state">{t('whiteboard.saved')}</span>;
    case 'pending':
    case 'saving':
      return <span className={styles.saving} data-testid="save-state">{t('whiteboard.saving')}</span>;
    case 'conflict':
      return <span className={styles.failed} data-testid="save-state">{t('whiteboard.conflictState')}</span>;
    case 'error':
      return (
        <span className={styles.failed} data-testid="save-state" title={autosave.error ?? ''}>
          {t('whiteboard.saveFailed')}
          <Button type="link" size="small" onClick={() => void autosave.retry()}>
            {t('whiteboard.retry')}
          </Button>
        </span>
      );
  }
});

/**
 * The editor's height: from where it starts to the bottom of the window. The host may show banners
 * above the page (an activity, a notice) and they can be closed, so the top is measured, not assumed.
 */
function useFillViewport(ref: RefObject<HTMLElement | null>): number | null {
  const [height, setHeight] = useState<number | null>(null);
  useLayoutEffect(() => {
    const measure = () => {
      if (!ref.current) return;
      const top = ref.current.getBoundingClientRect().top + window.scrollY;
      setHeight(Math.max(420, window.innerHeight - top));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [ref]);
  return height;
}

/** The editor: a toolbar (title, save state, exports) over the full-height canvas; autosaves as the user draws. */
export function BoardEditor({ title, initialScene, autosave, start, titleActions, banner, onCanvas }: BoardEditorProps) {
  const canvas = useRef<CanvasHandle | null>(null);
  const [exporting, setExporting] = useState<'png' | 'svg' | null>(null);
  const frame = useRef<HTMLDivElement | null>(null);
  const height = useFillViewport(frame);

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!autosave.dirty) return;
      void autosave.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      // Leaving the board (list, another page): what is unsaved goes now.
      void autosave.flush().finally(() => autosave.dispose());
    };
  }, [autosave]);

  const ready = useCallback(
    (handle: CanvasHandle) => {
      canvas.current = handle;
      onCanvas?.(handle);
    },
    [onCanvas],
  );
  const change = useCallback((fingerprint: string, build: () => WhiteboardScene) => autosave.change(fingerprint, build), [autosave]);

  const exportAs = async (kind: 'png' | 'svg') => {
    if (!canvas.current) return;
    setExporting(kind);
    try {
      const blob = kind === 'png' ? await canvas.current.exportPng() : await canvas.current.exportSvg();
      download(blob, fileNameOf(title, kind));
    } catch {
      toasts.show('error', t('whiteboard.exportFailed'));
    } finally {
      setExporting(null);
    }
  };

  return (
    <div ref={frame} className={styles.editor} style={height ? { height } : undefined} data-testid="whiteboard-editor">
      <div className={styles.toolbar}>
        {start}
        <h1 className={styles.title} data-testid="board-title">
          {title}
        </h1>
        {titleActions}
        <SaveState autosave={autosave} />
        <span className={styles.spacer} />
        <Button size="small" loading={exporting === 'png'} onClick={() => void exportAs('png')}>
          {t('whiteboard.exportPng')}
        </Button>
        <Button size="small" loading={exporting === 'svg'} onClick={() => void exportAs('svg')}>
          {t('whiteboard.exportSvg')}
        </Button>
      </div>
      {banner}
      <div className={styles.canvas}>
        <Suspense fallback={<Spin className={styles.loading} tip={t('whiteboard.loadingEditor')}><div /></Spin>}>
          <ExcalidrawCanvas initialScene={initialScene} onChange={change} onReady={ready} />
        </Suspense>
      </div>
    </div>
  );
}
