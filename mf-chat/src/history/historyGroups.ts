import type { ConversationGroup } from '@qiming/sdk/contracts';

/** The history's day groups (translated as `history.<bucket>`). */
export type HistoryBucket = 'today' | 'yesterday' | 'earlier';

/** Local calendar day of a time, as YYYY-MM-DD. */
function dayOf(time: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${time.getFullYear()}-${pad(time.getMonth() + 1)}-${pad(time.getDate())}`;
}

/** The history sidebar's groups (today / yesterday / earlier, by the browser's calendar), order kept. */
export function groupHistory(groups: readonly ConversationGroup[], now: Date): Array<{ bucket: HistoryBucket; groups: ConversationGroup[] }> {
  const today = dayOf(now);
  const yesterday = dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const buckets = new Map<HistoryBucket, ConversationGroup[]>([['today', []], ['yesterday', []], ['earlier', []]]);
  for (const group of groups) {
    const day = dayOf(new Date(group.createTime));
    buckets.get(day === today ? 'today' : day === yesterday ? 'yesterday' : 'earlier')!.push(group);
  }
  return [...buckets].filter(([, list]) => list.length > 0).map(([bucket, list]) => ({ bucket, groups: list }));
}

/** YYYY-MM-DD HH:mm in the browser's time zone. */
export function formatTime(iso: string): string {
  const time = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${dayOf(time)} ${pad(time.getHours())}:${pad(time.getMinutes())}`;
}
