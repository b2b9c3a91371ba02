import { pageBreaks } from './pageBreaks';

/**
 * Export is browser-side only (spec platform §7): the preview is drawn at scale 2 and 840 px wide
 * with the copy and screenshot buttons hidden, then written as PNG (clipboard or image_{n}.png) or
 * as an A4 portrait PDF (content 190 mm wide, 277 mm a page, 10 mm margins, JPEG pages).
 */
export const EXPORT_WIDTH = 840;
export const EXPORT_SCALE = 2;
/** Browsers refuse canvases much taller than this: very long conversations are drawn smaller. */
const MAX_CANVAS_HEIGHT = 32_000;
const A4 = { contentWidthMm: 190, contentHeightMm: 277, marginMm: 10 } as const;

/** An element the capture leaves out (code-block buttons, the dialog's own controls). */
const isHidden = (element: Element) => element.hasAttribute('data-export-hidden');

/** The record's font, shipped with the area (ExportDocument.tsx). */
const EXPORT_FONT = '"Noto Sans SC"';

/**
 * The font's subsets for every character of the record must be loaded before drawing, or the
 * canvas falls back to whatever the system has (empty boxes when it has no CJK font).
 */
async function fontsReady(root: HTMLElement): Promise<void> {
  const text = root.innerText;
  await Promise.all([document.fonts.load(`16px ${EXPORT_FONT}`, text), document.fonts.load(`bold 16px ${EXPORT_FONT}`, text)]).catch(() => []);
  await document.fonts.ready;
}

export interface Capture {
  canvas: HTMLCanvasElement;
  /** Tops of the messages in canvas pixels (where a PDF page may end). */
  boundaries: number[];
}

/**
 * Draws `source` as it would look 840 px wide: a copy is laid out off screen at that width (the
 * preview in the dialog is narrower), drawn, and removed.
 */
export async function capture(source: HTMLElement): Promise<Capture> {
  const { default: html2canvas } = await import(/* webpackChunkName: "html2canvas" */ 'html2canvas-pro');
  const stage = document.createElement('div');
  stage.style.cssText = `position:fixed;left:0;top:0;z-index:-1;width:${EXPORT_WIDTH}px;pointer-events:none;background:#fff`;
  const copy = source.cloneNode(true) as HTMLElement;
  copy.style.width = `${EXPORT_WIDTH}px`;
  copy.style.boxSizing = 'border-box';
  copy.style.maxHeight = 'none';
  copy.style.overflow = 'visible';
  stage.appendChild(copy);
  document.body.appendChild(stage);
  try {
    await fontsReady(copy);
    const height = copy.scrollHeight;
    const scale = Math.min(EXPORT_SCALE, MAX_CANVAS_HEIGHT / Math.max(1, height));
    const top = copy.getBoundingClientRect().top;
    const boundaries = [...copy.querySelectorAll<HTMLElement>('[data-export-message]')].map((m) => Math.round((m.getBoundingClientRect().top - top) * scale));
    const canvas = await html2canvas(copy, {
      scale,
      width: EXPORT_WIDTH,
      windowWidth: EXPORT_WIDTH,
      backgroundColor: '#ffffff',
      useCORS: true,
      logging: false,
      ignoreElements: isHidden,
    });
    return { canvas, boundaries };
  } finally {
    stage.remove();
  }
}

export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('图片编码失败'))), 'image/png'));
}

/** The A4 PDF of a capture, page breaks between messages where possible. */
export async function canvasToPdf({ canvas, boundaries }: Capture): Promise<Blob> {
  const { jsPDF } = await import(/* webpackChunkName: "jspdf" */ 'jspdf');
  const pdf = new jsPDF({ orientation: 'portrait', unit: 'mm', format: 'a4', compress: true });
  const pxPerMm = canvas.width / A4.contentWidthMm;
  const pageHeightPx = Math.floor(A4.contentHeightMm * pxPerMm);
  const starts = pageBreaks(canvas.height, pageHeightPx, boundaries);
  starts.forEach((start, index) => {
    const end = starts[index + 1] ?? canvas.height;
    const slice = document.createElement('canvas');
    slice.width = canvas.width;
    slice.height = end - start;
    const context = slice.getContext('2d')!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, slice.width, slice.height);
    context.drawImage(canvas, 0, start, canvas.width, slice.height, 0, 0, slice.width, slice.height);
    if (index > 0) pdf.addPage();
    pdf.addImage(slice.toDataURL('image/jpeg', 0.92), 'JPEG', A4.marginMm, A4.marginMm, A4.contentWidthMm, slice.height / pxPerMm);
  });
  return pdf.output('blob');
}

/**
 * PNG to the clipboard. The image is made first: Chromium silently drops a clipboard write whose
 * promised image takes seconds to make (a long record), while the page keeps its permission.
 */
export async function copyPng(png: Blob): Promise<void> {
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
}
