import { lazy, memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { copyText } from '@qiming/sdk';
import { t } from '../i18n';
import { EMPTY_SPLIT, splitBlocks, type SplitState } from './blocks';
import { enhance } from './enhance';
import { whenIdle } from './idle';
import { codeBlockHtml, renderMarkdown } from './engine';
import { isHtmlDocument } from './htmlDetect';
import { previewDocument, type CodePiece } from './previewDocument';
import type { Preview } from './PreviewDrawer';
import { RenderCache } from './renderCache';
import { sanitizeHtml } from './sanitize';
import styles from './markdown.module.css';

const PreviewDrawer = lazy(() => import(/* webpackChunkName: "preview-drawer" */ './PreviewDrawer'));

/** Finished blocks, enhanced (math, highlighting, diagrams), by their markdown source. */
const finishedBlocks = new RenderCache();
/** spec chat §2: copy feedback lasts 1–1.5 s. */
const COPIED_MS = 1200;

/**
 * One block. A finished one is rendered once and kept; the open tail of a stream re-renders. A
 * block is enhanced (math, highlighting, diagrams) once it is finished: while its answer streams
 * in idle time, so the end of an answer leaves only its last block to enhance; otherwise before it
 * is painted. `streaming` is a ref so that the end of a stream does not render finished blocks again.
 */
const Block = memo(function Block({ source, finished, streaming }: { source: string; finished: boolean; streaming: RefObject<boolean> }) {
  const box = useRef<HTMLDivElement>(null);
  // Taken once per source: rendering the same block again never swaps its enhanced DOM for equal HTML.
  const html = useMemo(() => (finished ? finishedBlocks.get(source) : undefined) ?? renderMarkdown(source), [source]);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || !finished) return;
    let current = true;
    const run = () =>
      void enhance(element).then(() => {
        // Every piece in the block went through its allow-list when it was inserted (the markdown,
        // each formula, the highlighted code, the diagram's SVG with its own list): kept as it is.
        if (current && element.isConnected) finishedBlocks.set(source, element.innerHTML);
      });
    const cancel = streaming.current ? whenIdle(run) : (run(), undefined);
    return () => {
      current = false;
      cancel?.();
    };
  }, [finished, source, streaming]);
  return <div ref={box} className={styles.block} dangerouslySetInnerHTML={{ __html: html }} />;
});

function codePieces(root: HTMLElement): CodePiece[] {
  return [...root.querySelectorAll<HTMLElement>('[data-code-block] code')].map((code) => ({
    language: code.dataset.lang ?? '',
    code: code.textContent ?? '',
  }));
}

function onCodeAction(root: HTMLElement, target: HTMLElement, openPreview: (preview: Preview) => void): void {
  const button = target.closest<HTMLButtonElement>('[data-code-action]');
  const block = button?.closest<HTMLElement>('[data-code-block], [data-mermaid]');
  if (!button || !block || !root.contains(block)) return;
  const action = button.dataset.codeAction;
  if (action === 'copy') {
    void copyText(block.querySelector('code')?.textContent ?? '', { message: t('code.copySuccess') });
    const label = button.textContent;
    button.textContent = t('code.copied');
    button.disabled = true;
    setTimeout(() => {
      button.textContent = label;
      button.disabled = false;
    }, COPIED_MS);
  } else if (action === 'preview') {
    openPreview({ kind: 'code', page: previewDocument(codePieces(root)) });
  } else if (action === 'diagram') {
    openPreview({ kind: 'diagram', svg: block.querySelector('[data-mermaid-svg]')?.innerHTML ?? '' });
  }
}

export interface MarkdownProps {
  source: string;
  /** While true the last block is the open tail of a stream (re-rendered, diagrams wait). */
  streaming?: boolean;
  className?: string;
}

/**
 * A message rendered as markdown (spec chat §2, §4): split into blocks, finished blocks memoised,
 * only the open tail re-rendered while streaming (the caller hands text over at most every
 * 100 ms). A message holding a whole HTML document is shown as escaped code.
 */
export const Markdown = memo(function Markdown({ source, streaming = false, className }: MarkdownProps) {
  const root = useRef<HTMLDivElement>(null);
  const split = useRef<SplitState>(EMPTY_SPLIT);
  const streamingNow = useRef(streaming);
  streamingNow.current = streaming;
  const [preview, setPreview] = useState<Preview | null>(null);
  const wholePage = isHtmlDocument(source);
  const blocks = useMemo(() => {
    if (wholePage) return [];
    const next = splitBlocks(source, split.current);
    split.current = next.state;
    return next.blocks;
  }, [source, wholePage]);

  useEffect(() => {
    if (!preview) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setPreview(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [preview]);

  return (
    <div
      ref={root}
      className={className ? `${styles.markdown} ${className}` : styles.markdown}
      data-testid="markdown"
      onClick={(event) => root.current && onCodeAction(root.current, event.target as HTMLElement, setPreview)}
    >
      {wholePage ? (
        <div className={styles.block} dangerouslySetInnerHTML={{ __html: sanitizeHtml(codeBlockHtml(source, 'html')) }} />
      ) : (
        blocks.map((block, index) => (block ? <Block key={index} source={block} finished={!streaming || index < blocks.length - 1} streaming={streamingNow} /> : null))
      )}
      {preview ? (
        <Suspense fallback={null}>
          <PreviewDrawer preview={preview} onClose={() => setPreview(null)} />
        </Suspense>
      ) : null}
    </div>
  );
});
