import mammoth from 'mammoth';
import { DocumentUnreadable } from './unreadable.js';
import { checkOfficeArchive } from './zipEntries.js';

/** The raw text of a Word document (paragraphs separated by blank lines), through mammoth. */
export async function docxText(bytes: Uint8Array): Promise<string> {
  checkOfficeArchive(bytes, 'DOCX');
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return value.trim();
  } catch (error) {
    throw new DocumentUnreadable('DOCX 文件已损坏或格式不正确', { cause: error });
  }
}
