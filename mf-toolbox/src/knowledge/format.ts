import type { KnowledgeItem, KnowledgeItemStatus } from '@qiming/sdk/contracts';

/** 1536 → "1.5 KB", 3 decimals never: sizes are for reading, not for accounting. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

/** An ISO time as "2026-01-01 08:00" in the reader's time zone. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Tag colours of the UI kit for each indexing state. */
export const STATUS_COLOR: Record<KnowledgeItemStatus, string> = {
  queued: 'default',
  parsing: 'processing',
  done: 'success',
  failed: 'error',
};

/** Still waiting for the indexing job (the table polls while one is). */
export const isPending = (item: KnowledgeItem) => item.status === 'queued' || item.status === 'parsing';
