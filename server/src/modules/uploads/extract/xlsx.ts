import readXlsxFile, { type Row } from 'read-excel-file/node';
import { DocumentUnreadable } from './unreadable.js';
import { checkOfficeArchive } from './zipEntries.js';

type Cell = Row[number];

/** A cell as text: dates as 2025-03-01 (with the time when it has one), no line breaks. */
function cellText(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16).replace('T', ' ');
  }
  return String(value).replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * One sheet as text a reader and a search both understand: its name as a heading, then each row
 * as its own paragraph of `列名：值` pairs (the first non-empty row names the columns), so a passage
 * cut anywhere still says what each value is. Empty rows and cells are left out.
 */
export function sheetText(name: string, rows: readonly Row[]): string {
  const cells = rows.map((row) => row.map(cellText)).filter((row) => row.some(Boolean));
  if (cells.length === 0) return '';
  const [header, ...body] = cells;
  const titled = header!.some(Boolean) && body.length > 0;
  const lines = (titled ? body : cells).map((row) =>
    row
      .map((value, column) => (value && titled && header![column] ? `${header![column]}：${value}` : value))
      .filter(Boolean)
      .join('；'),
  );
  return [`## ${name}`, ...lines].join('\n\n');
}

/** The text of an Excel workbook (.xlsx), sheet by sheet, through read-excel-file. */
export async function xlsxText(bytes: Uint8Array): Promise<string> {
  checkOfficeArchive(bytes, 'XLSX');
  try {
    const sheets = await readXlsxFile(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return sheets
      .map(({ sheet, data }) => sheetText(sheet, data))
      .filter(Boolean)
      .join('\n\n');
  } catch (error) {
    throw new DocumentUnreadable('XLSX 文件已损坏或格式不正确', { cause: error });
  }
}
