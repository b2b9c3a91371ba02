import type { UsageRecord } from '@qiming/sdk/contracts';
import { t } from '../i18n';
import { amountText, kindLabel, reasonText, statusLabel, timeText } from './usageText';

/** The byte order mark: Excel reads a CSV without it in the system's code page, and Chinese breaks. */
export const BOM = '\uFEFF';
/** The most rows one export collects (pages of 100). */
export const CSV_MAX_ROWS = 10_000;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading = + - @ is neutralised (formula injection). */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function usageCsv(records: readonly UsageRecord[]): string {
  const header = (['time', 'kind', 'model', 'amount', 'held', 'charged', 'refunded', 'status', 'reason', 'id'] as const).map((key) => t(`usage.csv.${key}`));
  const rows = records.map((r) => [timeText(r.createdAt), kindLabel(r.kind), r.model, amountText(r), r.held, r.charged, r.refunded, statusLabel(r), reasonText(r), r.id]);
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * Every record of the query, page after page (100 each), at most CSV_MAX_ROWS; `truncated` when
 * there were more.
 */
export async function collectRecords(readPage: (pageNo: number, pageSize: number) => Promise<{ list: UsageRecord[]; total: number }>): Promise<{ records: UsageRecord[]; truncated: boolean }> {
  const records: UsageRecord[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await readPage(pageNo, 100);
    records.push(...page.list);
    if (records.length >= CSV_MAX_ROWS) return { records: records.slice(0, CSV_MAX_ROWS), truncated: page.total > CSV_MAX_ROWS };
    if (page.list.length < 100 || records.length >= page.total) return { records, truncated: false };
  }
}

/** Saves the text as a file (a Blob link: nothing leaves the browser). */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
