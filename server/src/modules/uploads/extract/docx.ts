import mammoth from 'mammoth';
import { DocumentUnreadable } from './unreadable.js';
import { zipEntries } from './zipEntries.js';

/** A DOCX whose parts unpack to more than this is refused before it is inflated (a "zip bomb"). */
export const DOCX_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/** The raw text of a Word document (paragraphs separated by blank lines), through mammoth. */
export async function docxText(bytes: Uint8Array): Promise<string> {
  const entries = zipEntries(bytes);
  if (!entries) throw new DocumentUnreadable('DOCX 文件已损坏或格式不正确');
  const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > DOCX_MAX_UNPACKED_BYTES) throw new DocumentUnreadable('DOCX 文件解压后过大');
  try {
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) });
    return value.trim();
  } catch (error) {
    throw new DocumentUnreadable('DOCX 文件已损坏或格式不正确', { cause: error });
  }
}
