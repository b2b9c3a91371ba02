/** The width the report is drawn at for the PDF (spec platform §7 "Export": scale 2, width 840). */
const EXPORT_WIDTH = 840;
const SCALE = 2;
/** A4 in points, and the margin around the picture. */
const A4 = { w: 595.28, h: 841.89 };
const MARGIN = 24;

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

/** A file name from the paper's name: its extension dropped, characters no system accepts replaced. */
export function reportFileName(documentName: string): string {
  const base = documentName.replace(/\.[^.]+$/, '').replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 80) || 'paper';
  return `${base}-AIGC检测报告.pdf`;
}

/**
 * html2canvas-pro measures a run of Chinese text without spaces as one word: a highlighted passage
 * that wraps loses its text and paints its background over the whole lines. A hair of letter
 * spacing makes it place each character by itself, and the passages are marked by colour and
 * underline instead of a background.
 */
function forCapture(copy: HTMLElement): void {
  copy.style.letterSpacing = '0.01px';
  copy.querySelectorAll<HTMLElement>('mark').forEach((mark) => {
    mark.style.background = 'transparent';
    mark.style.borderBottom = '0';
    mark.style.color = '#c41d7f';
    mark.style.textDecoration = 'underline';
  });
}

/**
 * The report as an A4 PDF built in the browser: a copy of the report element (with a title line
 * above it, since the picture carries the Chinese text) is drawn off screen at 840 px, captured at
 * scale 2 (html2canvas-pro) and cut into pages. jsPDF and html2canvas-pro are loaded only now.
 */
export async function downloadReportPdf(element: HTMLElement, title: string, documentName: string): Promise<void> {
  const [{ jsPDF }, { default: html2canvas }] = await Promise.all([import(/* webpackChunkName: "jspdf" */ 'jspdf'), import(/* webpackChunkName: "html2canvas" */ 'html2canvas-pro')]);
  const host = document.createElement('div');
  host.style.cssText = `position:fixed;left:-${EXPORT_WIDTH * 2}px;top:0;width:${EXPORT_WIDTH}px;background:#fff;padding:24px;box-sizing:border-box;pointer-events:none;`;
  const heading = document.createElement('h1');
  heading.textContent = title;
  heading.style.cssText = 'font-size:22px;margin:0 0 16px;';
  const copy = element.cloneNode(true) as HTMLElement;
  copy.querySelectorAll('[data-export-hidden]').forEach((node) => node.remove());
  forCapture(copy);
  host.append(heading, copy);
  document.body.appendChild(host);
  try {
    const canvas = await html2canvas(host, { scale: SCALE, backgroundColor: '#ffffff', logging: false, width: EXPORT_WIDTH, windowWidth: EXPORT_WIDTH });
    const pdf = new jsPDF({ unit: 'pt', format: 'a4', compress: true });
    pdf.setProperties({ title, creator: '启明 AI' });
    const width = A4.w - 2 * MARGIN;
    const pxPerPt = canvas.width / width;
    const sliceHeight = Math.floor((A4.h - 2 * MARGIN) * pxPerPt);
    for (let top = 0, page = 0; top < canvas.height; top += sliceHeight, page++) {
      const height = Math.min(sliceHeight, canvas.height - top);
      const slice = document.createElement('canvas');
      slice.width = canvas.width;
      slice.height = height;
      slice.getContext('2d')!.drawImage(canvas, 0, top, canvas.width, height, 0, 0, canvas.width, height);
      if (page > 0) pdf.addPage('a4');
      pdf.addImage(slice.toDataURL('image/jpeg', 0.92), 'JPEG', MARGIN, MARGIN, width, height / pxPerPt);
    }
    download(pdf.output('blob'), reportFileName(documentName));
  } finally {
    host.remove();
  }
}
