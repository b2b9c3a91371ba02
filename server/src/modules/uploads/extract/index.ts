import type { Log } from '../../../log.js';
import { FILE_LIMITS, uploadError } from '../contract.js';
import type { SniffedFile } from '../fileTypes.js';
import { docxText } from './docx.js';
import type { TextRecognizer } from './ocr.js';
import { pdfText } from './pdf.js';
import { TimeLimitExceeded, withTimeLimit } from './timeLimit.js';
import { xlsxText } from './xlsx.js';
import { DocumentUnreadable } from './unreadable.js';

export { OcrEngine, type TextRecognizer, prepareLanguageDir, tidyOcrText, OCR_LANGUAGES } from './ocr.js';
export { TimeLimitExceeded, withTimeLimit } from './timeLimit.js';
export { DocumentUnreadable } from './unreadable.js';

export interface Extracted {
  /** The text the chat sends with the message; '' when the file has none. */
  text: string;
  /** The text came from OCR of an image. */
  ocr: boolean;
}

export interface ExtractOptions {
  /** null: OCR is switched off (UPLOAD_OCR=false). */
  ocr: TextRecognizer | null;
  timeoutMs: number;
  log: Log;
}

/** NUL and other control characters (PostgreSQL text refuses NUL; none of them helps a model). */
const CONTROL = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g;

function clean(text: string): string {
  return text.replace(CONTROL, '').slice(0, FILE_LIMITS.textMaxChars);
}

const parseFailed = (reason: string) => uploadError('parseFailed', `文件解析失败：${reason}`);

type DocumentKind = 'pdf' | 'docx' | 'xlsx';
const DOCUMENT_READERS: Record<DocumentKind, (bytes: Buffer, signal: AbortSignal) => Promise<string>> = { pdf: pdfText, docx: docxText, xlsx: xlsxText };

async function documentText(file: SniffedFile, bytes: Buffer, timeoutMs: number, log: Log): Promise<string> {
  try {
    return await withTimeLimit(timeoutMs, (signal) => DOCUMENT_READERS[file.kind as DocumentKind](bytes, signal));
  } catch (error) {
    if (error instanceof DocumentUnreadable) {
      log.warn({ kind: file.kind, err: error.cause ?? error }, 'an uploaded document could not be read');
      throw parseFailed(error.message);
    }
    if (error instanceof TimeLimitExceeded) throw parseFailed(`解析超时（超过 ${Math.max(1, Math.round(timeoutMs / 1000))} 秒），请拆分文件后重试`);
    throw error;
  }
}

/** An image's text by OCR; any failure leaves the text empty and the upload goes on (the image is still stored). */
async function imageText(bytes: Buffer, options: ExtractOptions): Promise<Extracted> {
  if (!options.ocr) return { text: '', ocr: false };
  try {
    const text = clean(await options.ocr.recognize(bytes, options.timeoutMs));
    return { text, ocr: text !== '' };
  } catch (error) {
    options.log.warn({ err: error }, 'OCR of an uploaded image failed; the image is stored without text');
    return { text: '', ocr: false };
  }
}

/** The text of an upload: PDF text layer, DOCX raw text, XLSX rows, text files as they are, images by OCR. */
export async function extractContent(file: SniffedFile, bytes: Buffer, options: ExtractOptions): Promise<Extracted> {
  switch (file.kind) {
    case 'text':
      return { text: clean(file.decoded?.text ?? ''), ocr: false };
    case 'pdf':
    case 'docx':
    case 'xlsx':
      return { text: clean(await documentText(file, bytes, options.timeoutMs, options.log)), ocr: false };
    case 'image':
      return imageText(bytes, options);
  }
}
