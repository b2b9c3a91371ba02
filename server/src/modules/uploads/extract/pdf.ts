import { getDocumentProxy } from 'unpdf';
import { PAGE_BREAK } from '@qiming/contracts';
import { FILE_LIMITS } from '../contract.js';
import { DocumentUnreadable } from './unreadable.js';

/**
 * Kangxi radicals (and the few CJK radical supplements with a unified form) as the ideographs they
 * look like: fonts such as Noto Sans CJK share one glyph between 一 and ⼀, and PDFs printed by
 * Chromium map that glyph back to the radical — 第⼀章 would not be found by 第一章.
 */
export const unifyRadicals = (text: string) => text.replace(/[\u2e80-\u2fdf]/gu, (c) => c.normalize('NFKC'));

function reasonOf(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'PasswordException') return 'PDF 已加密，请先移除密码后再上传';
  return 'PDF 文件已损坏或格式不正确';
}

/**
 * The text layer of the pages, pages separated by PAGE_BREAK (a form feed on a line of its own, so
 * the document index knows each passage's page; a page without text is still a page), read one page at a time (each
 * page's resources freed before the next; unpdf's extractText reads every page at once) and only
 * until `maxChars` characters are read: extraction keeps 200 000 at most, so the rest of a long
 * document is not parsed. A scanned PDF without a text layer gives '' (the chat still sees the file
 * name). pdf.js only logs errors.
 */
export async function pdfText(bytes: Uint8Array, signal: AbortSignal, maxChars = FILE_LIMITS.textMaxChars * 2): Promise<string> {
  let pdf;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, useSystemFonts: false });
  } catch (error) {
    throw new DocumentUnreadable(reasonOf(error), { cause: error });
  }
  const close = () => void pdf.loadingTask.destroy().catch(() => undefined);
  signal.addEventListener('abort', close, { once: true });
  try {
    const pages: string[] = [];
    let read = 0;
    for (let number = 1; number <= pdf.numPages && read < maxChars && !signal.aborted; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      // The text of a page as unpdf's extractText makes it.
      const text = unifyRadicals(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('').trim());
      page.cleanup();
      pages.push(text);
      read += text.length;
    }
    // Trailing pages without text say nothing; a document of scans is ''.
    while (pages.length > 0 && pages.at(-1) === '') pages.pop();
    return pages.join(PAGE_BREAK);
  } catch (error) {
    throw new DocumentUnreadable(reasonOf(error), { cause: error });
  } finally {
    signal.removeEventListener('abort', close);
    close();
  }
}

/** How many pages a PDF has (docChat's page limit); a PDF pdf.js cannot open is unreadable. */
export async function pdfPageCount(bytes: Uint8Array): Promise<number> {
  try {
    const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0, useSystemFonts: false });
    const pages = pdf.numPages;
    void pdf.loadingTask.destroy().catch(() => undefined);
    return pages;
  } catch (error) {
    throw new DocumentUnreadable(reasonOf(error), { cause: error });
  }
}
