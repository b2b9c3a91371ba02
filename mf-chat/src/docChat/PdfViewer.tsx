import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Document, Page, Thumbnail, pdfjs } from 'react-pdf';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import 'react-pdf/dist/Page/TextLayer.css';
import 'react-pdf/dist/Page/AnnotationLayer.css';
import { t } from '../i18n';
import { PDF_OPTIONS } from './bundledPdfData';
import { markedPiece, searchPages, squeeze, type SearchHit } from './textMarks';
import styles from './docChat.module.css';

// The worker is an asset of this area's build (same origin as the page, or loaded by pdf.js through a blob: URL): CSP worker-src allows both.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).toString();

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];
const MARK_CLASSES = { passage: styles.passageMark!, hit: styles.hitMark! };

/** Where to go: a page, and the passage to mark there (a citation). `seq` makes the same citation clicked twice scroll again. */
export interface ViewerTarget {
  page: number;
  pageEnd?: number;
  passage?: string;
  seq: number;
}

/** Renders its children only once it comes near the visible part of the scroll box (a 500-page PDF renders a few pages, not 500). */
function WhenNear({ root, minHeight, children, className, page }: { root: HTMLElement | null; minHeight: number; children: ReactNode; className: string; page?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element || near) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { root, rootMargin: '600px 0px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [root, near]);
  return (
    <div ref={box} className={className} data-page={page} style={{ minHeight }}>
      {near ? children : null}
    </div>
  );
}

/**
 * The document on the left (pdf.js through react-pdf): pages with their text layer (select, copy,
 * marks), zoom, page thumbnails, search in the document, and a jump to a cited page with its
 * passage marked.
 */
export function PdfViewer({ data, target }: { data: Uint8Array; target: ViewerTarget | null }) {
  // pdf.js takes the buffer it is given (detaches it): a copy per document, made once.
  const file = useMemo(() => ({ data: data.slice() }), [data]);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [ratio, setRatio] = useState(1.414);
  const [zoom, setZoom] = useState(1);
  const [width, setWidth] = useState(600);
  const [thumbnails, setThumbnails] = useState(true);
  const [scroller, setScroller] = useState<HTMLDivElement | null>(null);
  const [currentPage, setCurrentPage] = useState(1);
  const [query, setQuery] = useState('');
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const pageTexts = useRef<Promise<string[]> | null>(null);
  const pendingMark = useRef<number | null>(null);

  useEffect(() => {
    if (!scroller) return;
    const observer = new ResizeObserver(() => setWidth(Math.max(240, scroller.clientWidth - 32)));
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [scroller]);

  const onLoad = useCallback(async (loaded: PDFDocumentProxy) => {
    setPdf(loaded);
    pageTexts.current = null;
    const first = await loaded.getPage(1);
    const viewport = first.getViewport({ scale: 1 });
    setRatio(viewport.height / viewport.width);
  }, []);

  const goTo = useCallback(
    (page: number) => {
      scroller?.querySelector(`[data-page="${page}"]`)?.scrollIntoView({ block: 'start' });
      setCurrentPage(page);
    },
    [scroller],
  );

  // A citation: scroll to its page; once that page's text layer is drawn, to the marked passage.
  useEffect(() => {
    if (!target || !pdf) return;
    pendingMark.current = target.passage ? target.page : null;
    goTo(target.page);
  }, [target, pdf, goTo]);

  const onTextLayer = (page: number) => {
    if (pendingMark.current !== page) return;
    const mark = scroller?.querySelector(`[data-page="${page}"] .${MARK_CLASSES.passage}`);
    if (!mark) return;
    pendingMark.current = null;
    mark.scrollIntoView({ block: 'center' });
  };

  // The page shown: the last page whose top is above the middle of the box (a cited passage is scrolled to the middle).
  const onScroll = () => {
    if (!scroller) return;
    const middle = scroller.getBoundingClientRect().top + scroller.clientHeight / 2;
    let shown = 1;
    for (const element of scroller.querySelectorAll<HTMLElement>('[data-page]')) {
      if (element.getBoundingClientRect().top <= middle) shown = Number(element.dataset.page);
      else break;
    }
    setCurrentPage(shown);
  };

  const search = async (text: string) => {
    if (!pdf || !text.trim()) {
      setHits(null);
      return;
    }
    pageTexts.current ??= (async () => {
      const texts: string[] = [];
      for (let number = 1; number <= pdf.numPages; number++) {
        const content = await (await pdf.getPage(number)).getTextContent();
        texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
      }
      return texts;
    })();
    setHits(searchPages(await pageTexts.current, text));
  };

  const passage = target?.passage ? squeeze(target.passage) : undefined;
  const markedPages = target ? [target.page, target.pageEnd ?? target.page] : [];
  const activeQuery = hits ? query : '';
  const renderer = (page: number) => (item: { str: string }) => markedPiece(item.str, { passage: markedPages.includes(page) ? passage : undefined, query: activeQuery }, MARK_CLASSES);
  const numPages = pdf?.numPages ?? 0;
  const pageWidth = Math.round(width * zoom);
  const zoomIndex = ZOOMS.indexOf(zoom);

  return (
    <div className={styles.viewer} data-testid="pdf-viewer">
      <div className={styles.viewerBar}>
        <button type="button" className={styles.toolButton} aria-pressed={thumbnails} onClick={() => setThumbnails(!thumbnails)}>
          {t('docChat.viewer.thumbnails')}
        </button>
        <span className={styles.pageInfo} data-testid="pdf-current-page">
          {t('docChat.viewer.page', { page: currentPage, total: numPages })}
        </span>
        <span className={styles.zoom}>
          <button type="button" className={styles.toolButton} aria-label={t('docChat.viewer.zoomOut')} disabled={zoomIndex <= 0} onClick={() => setZoom(ZOOMS[zoomIndex - 1]!)}>
            −
          </button>
          <span data-testid="pdf-zoom">{Math.round(zoom * 100)}%</span>
          <button type="button" className={styles.toolButton} aria-label={t('docChat.viewer.zoomIn')} disabled={zoomIndex >= ZOOMS.length - 1} onClick={() => setZoom(ZOOMS[zoomIndex + 1]!)}>
            +
          </button>
        </span>
        <form
          className={styles.search}
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            void search(query);
          }}
        >
          <input
            value={query}
            placeholder={t('docChat.viewer.searchPlaceholder')}
            aria-label={t('docChat.viewer.searchPlaceholder')}
            onChange={(event) => {
              setQuery(event.target.value);
              if (!event.target.value) setHits(null);
            }}
          />
          <button type="submit" className={styles.toolButton}>
            {t('docChat.viewer.search')}
          </button>
        </form>
      </div>
      {hits && (
        <div className={styles.hits} data-testid="pdf-search-hits">
          <div className={styles.hitsHead}>
            {hits.length ? t('docChat.viewer.hits', { count: hits.length }) : t('docChat.viewer.noHits')}
            <button type="button" className={styles.linkButton} onClick={() => setHits(null)}>
              {t('docChat.viewer.closeSearch')}
            </button>
          </div>
          <ul>
            {hits.map((hit, index) => (
              <li key={index}>
                <button type="button" className={styles.hit} onClick={() => goTo(hit.page)}>
                  <b>{t('docChat.viewer.pageShort', { page: hit.page })}</b> {hit.excerpt}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {/* No suspense: the page would hide behind the area's fallback while pdf.js loads, and a
          first mount that suspends is thrown away and started again (with a new worker). */}
      <Document
        suspense={false}
        file={file}
        options={PDF_OPTIONS}
        onLoadSuccess={(loaded) => void onLoad(loaded)}
        loading={<div className={styles.viewerState}>{t('docChat.viewer.loading')}</div>}
        error={<div className={styles.viewerState} role="alert">{t('docChat.viewer.failed')}</div>}
        className={styles.document}
      >
        {thumbnails && numPages > 0 && (
          <nav className={styles.thumbnails} aria-label={t('docChat.viewer.thumbnails')}>
            {Array.from({ length: numPages }, (_, index) => (
              <WhenNear key={index} root={null} minHeight={Math.round(88 * ratio)} className={index + 1 === currentPage ? styles.thumbCurrent! : styles.thumb!}>
                <Thumbnail suspense={false} pageNumber={index + 1} width={88} onItemClick={({ pageNumber }) => goTo(pageNumber)} />
                <span>{index + 1}</span>
              </WhenNear>
            ))}
          </nav>
        )}
        <div className={styles.pages} ref={setScroller} onScroll={onScroll}>
          {Array.from({ length: numPages }, (_, index) => {
            const number = index + 1;
            return (
              <WhenNear key={number} root={scroller} minHeight={Math.round(pageWidth * ratio)} className={styles.pdfPage!} page={number}>
                <Page suspense={false} pageNumber={number} width={pageWidth} customTextRenderer={renderer(number)} onRenderTextLayerSuccess={() => onTextLayer(number)} />
              </WhenNear>
            );
          })}
        </div>
      </Document>
    </div>
  );
}
