import { docxBlocks } from './blocks.js';
import { renderPdf } from './render.js';

export { TooManyPages } from './render.js';
export type { Block } from './blocks.js';

/**
 * A Word document as the PDF a document chat shows and indexes (README "DOCX"): headings,
 * paragraphs, lists and tables, A4, Noto Sans SC; images are dropped. Throws TooManyPages past `maxPages`.
 */
export async function docxToPdf(bytes: Uint8Array, maxPages: number): Promise<{ pdf: Buffer; pages: number; empty: boolean }> {
  const blocks = await docxBlocks(bytes);
  const { pdf, pages } = await renderPdf(blocks, maxPages);
  return { pdf, pages, empty: blocks.length === 0 };
}
