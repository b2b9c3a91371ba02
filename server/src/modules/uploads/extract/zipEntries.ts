import { DocumentUnreadable } from './unreadable.js';

/** One entry of a ZIP archive's central directory. */
export interface ZipEntry {
  name: string;
  compressedSize: number;
  uncompressedSize: number;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
/** The end record is 22 bytes plus a comment of at most 65535. */
const MAX_END_RECORD_SEARCH = 22 + 0xffff;

/**
 * The central directory of a ZIP file (DOCX is one), read without inflating anything: used to
 * refuse archives that declare an absurd unpacked size before a parser inflates them. ZIP64
 * archives report 0xFFFFFFFF sizes here, which counts as huge. Null when the directory is not there.
 */
export function zipEntries(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - MAX_END_RECORD_SEARCH); i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let offset = view.getUint32(end + 16, true);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.length || view.getUint32(offset, true) !== CENTRAL_FILE_HEADER) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const extraLength = view.getUint16(offset + 30, true);
    const commentLength = view.getUint16(offset + 32, true);
    entries.push({
      name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
    });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** An Office file (a ZIP) whose parts unpack to more than this is refused before it is inflated (a "zip bomb"). */
export const OFFICE_MAX_UNPACKED_BYTES = 200 * 1024 * 1024;

/** Refuses an Office file that is no ZIP, or that would unpack to more than OFFICE_MAX_UNPACKED_BYTES; `label` names its kind (DOCX, XLSX). */
export function checkOfficeArchive(bytes: Uint8Array, label: string): void {
  const entries = zipEntries(bytes);
  if (!entries) throw new DocumentUnreadable(`${label} 文件已损坏或格式不正确`);
  const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > OFFICE_MAX_UNPACKED_BYTES) throw new DocumentUnreadable(`${label} 文件解压后过大`);
}
