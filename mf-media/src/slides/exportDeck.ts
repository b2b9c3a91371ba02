import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { Deck } from '@qiming/sdk/contracts';
import { fileNameOf, buildPptx } from './deck/pptx';
import { CANVAS, SlideCanvas } from './deck/SlideCanvas';

function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  setTimeout(() => {
    URL.revokeObjectURL(url);
    link.remove();
  }, 1000);
}

/** The .pptx, built in the browser; pptxgenjs is loaded only now (its own chunk). */
export async function downloadPptx(deck: Pick<Deck, 'title' | 'templateId' | 'slides'>): Promise<void> {
  const { default: PptxGenJS } = await import(/* webpackChunkName: "pptxgenjs" */ 'pptxgenjs');
  const blob = (await buildPptx(PptxGenJS, deck).write({ outputType: 'blob' })) as Blob;
  download(blob, fileNameOf(deck.title, 'pptx'));
}

/**
 * A PDF with one page per slide: each slide is drawn at full size off screen with the preview's
 * renderer and captured (html2canvas-pro), so the PDF looks like the preview, Chinese fonts included.
 * jsPDF and html2canvas-pro are loaded only now.
 */
export async function downloadPdf(deck: Pick<Deck, 'title' | 'templateId' | 'slides'>): Promise<void> {
  const [{ jsPDF }, { default: html2canvas }] = await Promise.all([import(/* webpackChunkName: "jspdf" */ 'jspdf'), import(/* webpackChunkName: "html2canvas" */ 'html2canvas-pro')]);
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-${CANVAS.w * 2}px;top:0;width:${CANVAS.w}px;height:${CANVAS.h}px;pointer-events:none;`;
  document.body.appendChild(host);
  const root = createRoot(host);
  try {
    const pdf = new jsPDF({ orientation: 'landscape', unit: 'px', format: [CANVAS.w, CANVAS.h], hotfixes: ['px_scaling'], compress: true });
    pdf.setProperties({ title: deck.title, creator: '启明 AI' });
    for (const [index, slide] of deck.slides.entries()) {
      flushSync(() => root.render(createElement(SlideCanvas, { slide, templateId: deck.templateId, index, total: deck.slides.length, width: CANVAS.w })));
      const canvas = await html2canvas(host.firstElementChild as HTMLElement, { scale: 2, backgroundColor: null, logging: false });
      if (index > 0) pdf.addPage([CANVAS.w, CANVAS.h], 'landscape');
      pdf.addImage(canvas.toDataURL('image/jpeg', 0.92), 'JPEG', 0, 0, CANVAS.w, CANVAS.h);
    }
    download(pdf.output('blob'), fileNameOf(deck.title, 'pdf'));
  } finally {
    root.unmount();
    host.remove();
  }
}
